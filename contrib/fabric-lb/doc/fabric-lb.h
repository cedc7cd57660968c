/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

/**
 * \defgroup fabric-lb Fabric load balancing
 *
 * Load balancing in AI-training fabrics: k-ary fat trees on ns-3's IPv4,
 * point-to-point and traffic-control stack, every load-balancing discipline of
 * the study "Load Balancing for AI Training Workloads" (switch disciplines and
 * host path policies), a RoCE-like transport decoupled from load balancing
 * (ideal erasure coding, go-back-N, selective repeat; fixed rate, DCQCN, Swift),
 * link failures with delayed convergence, named collectives and htsim
 * connection matrices, and completion times against exact lower bounds. The
 * module's documentation is doc/fabric-lb.rst.
 */
