/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "output-files.h"

#include "ns3/input-file.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <unistd.h>

namespace ns3
{

namespace
{

namespace fs = std::filesystem;

/// \return whether \p path is an existing file that is not a regular one (a device, a pipe)
bool
IsSpecial(const std::string& path)
{
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    return !error && fs::exists(status) && !fs::is_regular_file(status);
}

/// \return whether \p a and \p b name one file (existing or not)
bool
SameFile(const std::string& a, const std::string& b)
{
    std::error_code error;
    if (fs::exists(a, error) && fs::exists(b, error))
    {
        return fs::equivalent(a, b, error);
    }
    const fs::path first = fs::weakly_canonical(fs::absolute(a, error), error);
    if (error)
    {
        return false; // not a name a file can have (too long): Check says so
    }
    const fs::path second = fs::weakly_canonical(fs::absolute(b, error), error);
    return !error && first == second;
}

} // namespace

void
OutputFiles::AddInput(const std::string& flag, const std::string& path)
{
    if (!path.empty())
    {
        m_inputs.emplace_back(flag, path);
    }
}

void
OutputFiles::AddOutput(const std::string& flag, const std::string& path)
{
    if (!path.empty())
    {
        m_outputs.emplace_back(flag, path);
    }
}

void
OutputFiles::Check() const
{
    for (const auto& [flag, path] : m_inputs)
    {
        fabriclb::CheckInputFile(flag, path);
    }
    for (size_t i = 0; i < m_outputs.size(); ++i)
    {
        const auto& [flag, path] = m_outputs[i];
        if (IsSpecial(path))
        {
            continue; // /dev/null takes any number of outputs
        }
        for (const auto& [inputFlag, input] : m_inputs)
        {
            if (SameFile(path, input))
            {
                throw std::invalid_argument(flag + "=" + path + " names " + inputFlag +
                                            "'s file: it would overwrite an input");
            }
        }
        for (size_t j = 0; j < i; ++j)
        {
            if (SameFile(path, m_outputs[j].second))
            {
                throw std::invalid_argument(flag + "=" + path + " names " + m_outputs[j].first +
                                            "'s file: two outputs cannot share one");
            }
        }
        std::error_code error;
        const fs::path folder = fs::absolute(path, error).parent_path();
        if (fs::is_directory(path, error) || !fs::is_directory(folder, error) ||
            access(folder.c_str(), W_OK) != 0 ||
            (fs::exists(path, error) && access(path.c_str(), W_OK) != 0))
        {
            throw std::invalid_argument("cannot write " + flag + " file '" + path + "'");
        }
    }
}

void
OutputFiles::Write(const std::string& flag, const std::string& path, const std::string& content)
{
    const std::string target = IsSpecial(path) ? path : path + ".partial";
    {
        std::ofstream out(target, std::ios::binary);
        out << content;
        out.flush();
        if (!out)
        {
            std::error_code ignored;
            if (target != path)
            {
                fs::remove(target, ignored);
            }
            throw std::runtime_error("cannot write " + flag + " file '" + path + "'");
        }
    }
    if (target != path)
    {
        std::error_code error;
        fs::rename(target, path, error);
        if (error)
        {
            fs::remove(target, error);
            throw std::runtime_error("cannot write " + flag + " file '" + path + "'");
        }
    }
}

} // namespace ns3
