/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#ifndef FABRIC_LB_CONNECTION_MATRIX_H
#define FABRIC_LB_CONNECTION_MATRIX_H

#include "ns3/fat-tree-topology.h"

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

/**
 * \file
 * \ingroup fabric-lb
 * htsim's connection-matrix traffic files, read and written without a simulator.
 *
 * A file is a header, then a body. Lines end in a bare newline and tokens are
 * separated by single spaces (htsim splits on ' ' only: a tab, a carriage return,
 * a leading space or two spaces in a row are errors; one trailing space is
 * allowed). Blank lines may appear anywhere; full-line comments, whose first
 * token starts with '#', only in the header, because htsim rejects them in the
 * body (and trailing comments everywhere).
 *
 * Header lines, in any order, each once:
 * \verbatim
   Nodes N          required; 1 <= N <= the fabric's host count
   Connections C    required; must equal the number of flow lines
   Triggers T       required when there are trigger lines; must equal their number
   Failures F       optional; must equal the number of failure lines
   Computes C       required when there are compute lines; must equal their number
   \endverbatim
 *
 * Body lines, in any order (a flow may name a trigger declared further down):
 * \verbatim
   SRC->DST id I start PS size BYTES [send_done_trigger T] [recv_done_trigger T] [prio P]
   SRC->DST id I trigger T size BYTES [send_done_trigger T] [recv_done_trigger T] [prio P]
   trigger id T oneshot|multishot|barrier [count N]
   failure switch_type TOR|AGG|CORE switch_id S link_id L
   compute HOST id I start PS|trigger T duration PS [done_trigger T]
   \endverbatim
 * Compute lines and the `Computes` header are fabric-lb's own (htsim has no compute and
 * rejects them): host HOST's GPU computes for PS picoseconds once released, one compute at a
 * time per host in release order, then signals its `done_trigger`; compute ids are their own
 * (1 and up, unique among computes). A trigger's waiting flows start first, then its waiting
 * computes, each in file order.
 * Every flow and compute that waits on a trigger must be able to start: played from the timed
 * flows and computes on, each signalling its triggers once it is done (TriggerState), its
 * trigger must fire. A trigger that no flow signals, a barrier that fewer flows signal than its
 count,
 * a multishot trigger signalled fewer times than flows wait on it, or a trigger signalled
 * only by flows that wait on it (directly or through other triggers) is an error at the
 * trigger's line: the run would never end.
 *
 * After SRC->DST the key-value pairs may come in any order, as in htsim, except
 * that `id` must precede `trigger` (htsim asserts otherwise); likewise the words
 * of a trigger line. Every number is a decimal integer with digits only; start
 * times are picoseconds up to 2^63-1 (an ns-3 Time holds int64 picoseconds;
 * htsim reads larger ones through a float that may overflow its uint64); every
 * other number is at most 2147483647, because htsim reads them into an int. Flow and trigger ids
 start at 1. A failure
 * line fails one link at time 0, named as the study's simulator names it: TOR
 * (edge) switch S's uplink L, AGG switch S's uplink L, or CORE switch S's link to
 * pod L, with htsim's numbering (a core k sits above aggregation position k mod
 * k/2, as that position's uplink k div k/2); FabricExperiment maps it to a link.
 *
 * Every file without compute lines that this parser accepts, htsim's ConnectionMatrix::load accepts
 with the
 * same meaning, with two caveats of htsim's: it reads start times through a
 * float (std::stof), so starts above 2^24 ps (16.8 us) are rounded to 24
 * significant bits; and it requires `Nodes` to equal its topology's host count,
 * where fabric-lb accepts a matrix for fewer hosts than the fabric has. The
 * converse does not hold: htsim also reads, and this parser rejects, numbers
 * with a sign, a fraction or trailing junk (std::stoi reads `12x` as 12),
 * flows without an id or a size (htsim leaves the size undefined, or takes a
 * default for size 0), a start and a trigger on one flow (htsim lets a trigger
 * after the start win), repeated keys or headers (the last wins), unknown header
 * lines (ignored), `count` on a oneshot or multishot trigger (ignored), and a
 * flow from a host to itself.
 */

namespace ns3
{
namespace fabriclb
{

/**
 * \ingroup fabric-lb
 * \brief A connection-matrix file that cannot be read. what() is one line,
 * "FILE:LINE: problem" (or "FILE: problem" when no line is to blame), with
 * non-printable bytes escaped as \\xNN.
 */
class MatrixError : public std::invalid_argument
{
  public:
    /**
     * \param file the file's name, as the caller gave it
     * \param line the 1-based line at fault, or 0 for the file as a whole
     * \param problem what is wrong, one line
     */
    MatrixError(const std::string& file, uint32_t line, const std::string& problem);

    /// \return the line at fault, 0 for the file as a whole
    uint32_t Line() const;

    /// \return what is wrong, without the file and line
    const std::string& Problem() const;

  private:
    uint32_t m_line;       //!< the line at fault
    std::string m_problem; //!< what is wrong
};

/**
 * \ingroup fabric-lb
 * \brief How a trigger reacts to its signals, as in htsim (sim/trigger.cpp).
 *
 * A signal comes from a flow whose line names the trigger as its
 * `send_done_trigger` (htsim: the sender has its last byte acknowledged) or its
 * `recv_done_trigger` (the receiver has every byte). The flows that start on a
 * trigger are those whose line names it as `trigger`, in file order; they start
 * at the instant of the signal (htsim: no simulated time passes).
 */
enum class TriggerKind
{
    ONESHOT,   //!< the first signal starts every waiting flow; htsim aborts on a second signal
    MULTISHOT, //!< each signal starts the next waiting flow in file order, one flow per signal;
               //!< signals after the last waiting flow has started are ignored
    BARRIER,   //!< the count-th signal starts every waiting flow; htsim aborts on more signals
};

/**
 * \ingroup fabric-lb
 * \brief One `trigger` line.
 */
struct MatrixTrigger
{
    uint32_t id;                   //!< trigger id, at least 1
    TriggerKind kind;              //!< how it reacts to signals
    uint32_t count;                //!< signals a barrier needs; 1 for the other kinds
    std::vector<uint32_t> waiting; //!< the tasks that start on this trigger, in file order
                                   //!< (flows first, then computes): a flow's index in
                                   //!< ConnectionMatrix::flows, or ComputeTask of a compute's
                                   //!< (filled by the parser, ignored by the writer)
    uint32_t line;                 //!< line in the file (0 when not read from one)
};

/**
 * \ingroup fabric-lb
 * \brief One flow line: a message from one host to another.
 */
struct MatrixFlow
{
    uint32_t source;                         //!< sending host
    uint32_t destination;                    //!< receiving host
    uint32_t id;                             //!< flow id, at least 1, unique in the file
    uint64_t bytes;                          //!< message size, at least 1
    std::optional<uint64_t> startPs;         //!< start time in picoseconds, or
    std::optional<uint32_t> trigger;         //!< the trigger it starts on: exactly one is set
    std::optional<uint32_t> sendDoneTrigger; //!< signalled when the sender is done
    std::optional<uint32_t> recvDoneTrigger; //!< signalled when the receiver is done
    std::optional<uint32_t> priority;        //!< `prio`; htsim's default when absent is 2000000
                                             //!< (lower is better; only its NDP receiver reads it)
    uint32_t line;                           //!< line in the file (0 when not read from one)
};

/**
 * \ingroup fabric-lb
 * \brief One `failure` line: a link that fails at time 0.
 */
struct MatrixFailure
{
    FabricRole switchType; //!< EDGE (htsim's TOR), AGGREGATION (AGG) or CORE
    uint32_t switchId;     //!< the switch, fabric-wide, in htsim's numbering
    uint32_t linkId;       //!< an uplink (TOR, AGG) or the pod below (CORE)
    uint32_t line;         //!< line in the file (0 when not read from one)
};

/**
 * \ingroup fabric-lb
 * \brief One `compute` line (fabric-lb's, not htsim's): a host's GPU computes for a while, then
 * signals its done trigger. A host's computes run one at a time, in the order they are released.
 */
struct MatrixCompute
{
    uint32_t host;                       //!< the host whose GPU computes
    uint32_t id;                         //!< compute id, at least 1, unique among the computes
    uint64_t durationPs;                 //!< how long it computes, in picoseconds
    std::optional<uint64_t> startPs;     //!< when it is released, or
    std::optional<uint32_t> trigger;     //!< the trigger that releases it: exactly one is set
    std::optional<uint32_t> doneTrigger; //!< signalled when it ends
    uint32_t line;                       //!< line in the file (0 when not read from one)
};

/**
 * \ingroup fabric-lb
 * \brief The traffic of one file.
 */
struct ConnectionMatrix
{
    uint32_t nodes;                      //!< the `Nodes` header: hosts 0 .. nodes-1
    std::vector<MatrixFlow> flows;       //!< the flow lines, in file order
    std::vector<MatrixTrigger> triggers; //!< the trigger lines, in file order
    std::vector<MatrixFailure> failures; //!< the failure lines, in file order
    std::vector<MatrixCompute> computes; //!< the compute lines, in file order
};

/// A MatrixTrigger::waiting entry with this bit set names a compute (its index in
/// ConnectionMatrix::computes below the bit); without it, a flow.
constexpr uint32_t COMPUTE_TASK = 1U << 31;

/// \return whether the waiting entry \p task names a compute
constexpr bool
IsComputeTask(uint32_t task)
{
    return (task & COMPUTE_TASK) != 0;
}

/// \return the waiting entry of compute index \p compute
constexpr uint32_t
ComputeTask(uint32_t compute)
{
    return compute | COMPUTE_TASK;
}

/// \return the compute index of the waiting entry \p task (IsComputeTask)
constexpr uint32_t
ComputeIndexOf(uint32_t task)
{
    return task & ~COMPUTE_TASK;
}

/**
 * Reads a connection matrix (the format is described in connection-matrix.h).
 *
 * \param in the text
 * \param fileName the name errors give
 * \param hostCount hosts in the fabric; `Nodes` may not exceed it
 * \return every flow and trigger, with each flow's and trigger's line
 * \throws MatrixError at the first problem: malformed or out-of-range number,
 * unknown token, missing or duplicate header, host beyond `Nodes` or the
 * fabric, flow without start or with both start and trigger, zero size,
 * duplicate flow or trigger id, reference to an undeclared trigger, barrier
 * without a count, a count header that disagrees with the body, a failure line
 * without its switch type, switch id and link id, a flow whose trigger never fires
 */
ConnectionMatrix ParseConnectionMatrix(std::istream& in,
                                       const std::string& fileName,
                                       uint32_t hostCount);

/**
 * ParseConnectionMatrix on a file.
 *
 * \param path the file
 * \param hostCount hosts in the fabric
 * \return its traffic
 * \throws MatrixError as ParseConnectionMatrix does, and "PATH: cannot open" or "PATH:
 * cannot read: ..." for a file ReadInputFile refuses (missing, a directory, a pipe or
 * device, above its 256 MiB cap)
 */
ConnectionMatrix ReadConnectionMatrix(const std::string& path, uint32_t hostCount);

/**
 * Writes a matrix as htsim's generators do (sim/datacenter/connection_matrices/gen_*.py):
 * `Nodes`, `Connections`, `Triggers` (when there are triggers), one line per flow
 * (`SRC->DST id I start PS|trigger T size B`, then `send_done_trigger`,
 * `recv_done_trigger` and `prio` when set), one line per trigger
 * (`trigger id T oneshot|multishot|barrier`, a barrier followed by `count N`), one line per
 * failure, then `Computes` and one line per compute when there are computes (which htsim does not
 * read). htsim's parser (without computes) and ParseConnectionMatrix read it back to the same
 * traffic.
 *
 * \param out where to write; check its state afterwards
 * \param matrix the traffic; MatrixTrigger::waiting and the line fields are ignored
 * \throws MatrixError, naming the line of the text it would write, for a
 * matrix that ParseConnectionMatrix(text, ..., matrix.nodes) would reject;
 * nothing is written then
 */
void WriteConnectionMatrix(std::ostream& out, const ConnectionMatrix& matrix);

/**
 * \ingroup fabric-lb
 * \brief The flows a signal starts: positions [first, last) in MatrixTrigger::waiting.
 */
struct TriggerRelease
{
    uint32_t first; //!< first position started
    uint32_t last;  //!< one past the last position started; first == last: none
};

/**
 * \ingroup fabric-lb
 * \brief The firing logic of one trigger, without a simulator.
 *
 * Exactly htsim's (SingleShotTrigger, MultiShotTrigger, BarrierTrigger), except
 * where htsim aborts (its assertions are on in its Makefile): a oneshot trigger
 * signalled again, or a barrier signalled more than count times, starts nothing
 * here (Spent() tells beforehand); and a oneshot or barrier trigger that no flow
 * waits on, which htsim aborts on when signalled, simply starts nothing here. No
 * flow ever starts twice, in htsim or here: a multishot trigger signalled twice
 * starts two different flows, the first two waiting in file order, not the same
 * flows again.
 */
class TriggerState
{
  public:
    /**
     * \param trigger the trigger; its waiting flows are the targets
     * \throws std::invalid_argument for a barrier with count 0
     */
    explicit TriggerState(const MatrixTrigger& trigger);

    /**
     * Records one signal.
     * \return the waiting flows to start now: for a oneshot trigger all of them
     * on the first signal; for a multishot trigger the next one, if any is left;
     * for a barrier all of them on the count-th signal; none otherwise
     */
    TriggerRelease Signal();

    /**
     * \return whether no further signal can start a flow; a further signal is
     * one htsim aborts on (oneshot, barrier) or ignores (multishot)
     */
    bool Spent() const;

  private:
    TriggerKind m_kind;   //!< how it reacts
    uint32_t m_waiting;   //!< flows waiting on it
    uint32_t m_remaining; //!< oneshot, barrier: signals still needed before it fires
    uint32_t m_next;      //!< multishot: the next waiting flow to start
};

} // namespace fabriclb
} // namespace ns3

#endif /* FABRIC_LB_CONNECTION_MATRIX_H */
