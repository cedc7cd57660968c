/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Running a program under a wall-clock timeout, for the fuzzes of the flags and the input files.
 */

#ifndef FABRIC_LB_E2E_FUZZ_RUNNER_H
#define FABRIC_LB_E2E_FUZZ_RUNNER_H

#include "e2e-util.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <string>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>
#include <vector>

namespace fabriclbe2e
{

/// The longest a fuzzed run may take on a loaded machine; the runs take tens of milliseconds.
constexpr std::chrono::seconds FUZZ_TIMEOUT{30};

/// What one fuzzed run did.
struct FuzzOutcome
{
    bool timedOut{false}; //!< killed at the timeout
    int signal{0};        //!< the signal that ended it, 0 if none
    int status{-1};       //!< exit status, if it exited
    std::string err;      //!< stderr
};

/**
 * Runs \p argv (no shell) in \p dir, stdin and stdout /dev/null, stderr to \p errPath, in a
 * process group of its own that is killed whole at FUZZ_TIMEOUT (a sweep's runs with it).
 */
inline FuzzOutcome
RunInDir(const std::vector<std::string>& argv, const std::string& dir, const std::string& errPath)
{
    const pid_t pid = fork();
    if (pid == 0)
    {
        setpgid(0, 0);
        if (chdir(dir.c_str()) != 0)
        {
            _exit(120);
        }
        const int devNull = open("/dev/null", O_RDWR);
        const int err = open(errPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        dup2(devNull, STDIN_FILENO);
        dup2(devNull, STDOUT_FILENO);
        dup2(err, STDERR_FILENO);
        std::vector<char*> args;
        for (const std::string& arg : argv)
        {
            args.push_back(const_cast<char*>(arg.c_str()));
        }
        args.push_back(nullptr);
        execv(args[0], args.data());
        _exit(121);
    }
    FuzzOutcome outcome;
    const auto deadline = std::chrono::steady_clock::now() + FUZZ_TIMEOUT;
    int raw = 0;
    while (waitpid(pid, &raw, WNOHANG) == 0)
    {
        if (std::chrono::steady_clock::now() > deadline)
        {
            outcome.timedOut = true;
            kill(-pid, SIGKILL);
            waitpid(pid, &raw, 0);
            break;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    outcome.signal = !outcome.timedOut && WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
    outcome.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    outcome.err = Slurp(errPath);
    return outcome;
}

} // namespace fabriclbe2e

#endif /* FABRIC_LB_E2E_FUZZ_RUNNER_H */
