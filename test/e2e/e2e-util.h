/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Helpers of the end-to-end tests: run a program of the project, capture its
 * exit status and output.
 */

#ifndef FABRIC_LB_E2E_UTIL_H
#define FABRIC_LB_E2E_UTIL_H

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <gtest/gtest.h>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace fabriclbe2e
{

/// What a program did.
struct Outcome
{
    int status;      //!< exit status
    std::string out; //!< stdout
    std::string err; //!< stderr
};

/// \return the whole content of the file at \p path ("" if there is none)
inline std::string
Slurp(const std::string& path)
{
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

/// \return the rows of the CSV file at \p path, split at commas, after a header line that
/// must be \p header
inline std::vector<std::vector<std::string>>
CsvRows(const std::string& path, const std::string& header)
{
    std::istringstream text(Slurp(path));
    std::string line;
    std::getline(text, line);
    EXPECT_EQ(line, header) << path;
    std::vector<std::vector<std::string>> rows;
    while (std::getline(text, line))
    {
        std::istringstream cells(line);
        rows.emplace_back();
        for (std::string cell; std::getline(cells, cell, ',');)
        {
            rows.back().push_back(cell);
        }
    }
    return rows;
}

/// \return a fresh temporary path, ending in \p tag
inline std::string
TempPath(const std::string& tag)
{
    char name[] = "/tmp/fabric-lb-e2e-XXXXXX";
    const int fd = mkstemp(name);
    close(fd);
    // The unique name reserved, the file itself is not needed: only name + tag is used.
    unlink(name);
    return std::string(name) + "-" + tag;
}

/// Runs \p program with \p args through the shell and returns what it did.
inline Outcome
Run(const std::string& program, const std::string& args)
{
    const std::string out = TempPath("out");
    const std::string err = TempPath("err");
    const std::string command = program + " " + args + " >" + out + " 2>" + err;
    const int raw = std::system(command.c_str());
    Outcome outcome{WIFEXITED(raw) ? WEXITSTATUS(raw) : 128, Slurp(out), Slurp(err)};
    std::remove(out.c_str());
    std::remove(err.c_str());
    return outcome;
}

/// Every scheme of the study (and simple-rr, jsq, rsq), by the driver's names.
inline const std::vector<std::string> STUDY_SCHEMES = {"ecmp",
                                                       "subflow",
                                                       "plb",
                                                       "host-spray",
                                                       "reps",
                                                       "host-dr",
                                                       "rr",
                                                       "simple-rr",
                                                       "switch-ar",
                                                       "jsq",
                                                       "rsq",
                                                       "flowlet",
                                                       "ofan"};

/// \return the JSON result of \p program (fabric-lb-sim) run with \p args, which must succeed,
/// without the fields \p dropped (wall time by default: it differs run to run)
inline nlohmann::json
ResultJson(const std::string& program,
           const std::string& args,
           std::initializer_list<const char*> dropped = {"wall_seconds"})
{
    const std::string json = TempPath("json");
    const Outcome o = Run(program, args + " --out=" + json);
    EXPECT_EQ(o.status, 0) << args << "\n" << o.err;
    nlohmann::json result = nlohmann::json::parse(Slurp(json));
    std::remove(json.c_str());
    for (const char* field : dropped)
    {
        result.erase(field);
    }
    return result;
}

} // namespace fabriclbe2e

#endif /* FABRIC_LB_E2E_UTIL_H */
