/*
 * SPDX-License-Identifier: GPL-2.0-only
 */

#include "input-file.h"

#include "error-text.h"

#include <cctype>
#include <cerrno>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <system_error>
#include <unistd.h>

namespace ns3
{
namespace fabriclb
{

namespace
{

/// The bytes read at a time.
constexpr size_t READ_CHUNK = 1 << 16;

/// \return the cap, as a refusal says it
std::string
AboveTheCap()
{
    return "above the " + std::to_string(INPUT_FILE_MAX_BYTES >> 20) +
           " MiB an input file may hold";
}

/// \return the system's word for \p error, in lower case: "permission denied"
std::string
Why(int error)
{
    std::string why = std::generic_category().message(error);
    if (!why.empty())
    {
        why[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(why[0])));
    }
    return why;
}

/// \return the problem of a failed open or stat: "cannot open", then why unless the file is
/// simply not there
std::string
CannotOpen(int error)
{
    return error == ENOENT ? "cannot open" : "cannot open: " + Why(error);
}

/// \return why a file of status \p status is no input, or nothing if it is one
std::optional<std::string>
ProblemOf(const struct stat& status)
{
    if (S_ISDIR(status.st_mode))
    {
        return "cannot read: a directory";
    }
    if (S_ISFIFO(status.st_mode))
    {
        return "cannot read: a pipe, not a regular file";
    }
    if (S_ISCHR(status.st_mode) || S_ISBLK(status.st_mode))
    {
        return "cannot read: a device, not a regular file";
    }
    if (!S_ISREG(status.st_mode))
    {
        return "cannot read: not a regular file";
    }
    if (static_cast<uint64_t>(status.st_size) > INPUT_FILE_MAX_BYTES)
    {
        return "cannot read: " + std::to_string(status.st_size) + " bytes, " + AboveTheCap();
    }
    return std::nullopt;
}

/// Throws \p problem for \p path of \p flag.
[[noreturn]] void
Refuse(const std::string& flag, const std::string& path, const std::string& problem)
{
    throw InputFileError(flag, path, problem);
}

/// Closes a file descriptor when it goes.
class FileDescriptor
{
  public:
    /// \param fd an open descriptor, or -1
    explicit FileDescriptor(int fd)
        : m_fd(fd)
    {
    }

    ~FileDescriptor()
    {
        if (m_fd >= 0)
        {
            close(m_fd);
        }
    }

    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;

    /// \return the descriptor
    int Get() const
    {
        return m_fd;
    }

  private:
    int m_fd; //!< the descriptor, or -1
};

} // namespace

InputFileError::InputFileError(const std::string& flag,
                               const std::string& path,
                               const std::string& problem)
    : std::invalid_argument(FileErrorLine(flag.empty() ? path : flag + "=" + path, 0, problem)),
      m_problem(problem)
{
}

const std::string&
InputFileError::Problem() const
{
    return m_problem;
}

void
CheckInputFile(const std::string& flag, const std::string& path)
{
    struct stat status
    {
    };

    if (path.empty())
    {
        Refuse(flag, path, "cannot open: no file name");
    }
    if (stat(path.c_str(), &status) != 0)
    {
        Refuse(flag, path, CannotOpen(errno));
    }
    if (const std::optional<std::string> problem = ProblemOf(status))
    {
        Refuse(flag, path, *problem);
    }
}

std::string
ReadInputFile(const std::string& flag, const std::string& path)
{
    CheckInputFile(flag, path);
    // Non-blocking: a pipe put in the file's place since the check is not waited on.
    const FileDescriptor file(open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
    if (file.Get() < 0)
    {
        Refuse(flag, path, CannotOpen(errno));
    }

    struct stat status
    {
    };

    if (fstat(file.Get(), &status) != 0)
    {
        Refuse(flag, path, CannotOpen(errno));
    }
    if (const std::optional<std::string> problem = ProblemOf(status))
    {
        Refuse(flag, path, *problem);
    }
    std::string text;
    text.reserve(static_cast<size_t>(status.st_size));
    char chunk[READ_CHUNK];
    while (true)
    {
        const ssize_t got = read(file.Get(), chunk, sizeof(chunk));
        if (got < 0 && errno == EINTR)
        {
            continue;
        }
        if (got < 0)
        {
            Refuse(flag, path, "cannot read: " + Why(errno));
        }
        if (got == 0)
        {
            return text;
        }
        // A file that grows while it is read (or whose size stat does not tell, /proc's).
        if (text.size() + static_cast<size_t>(got) > INPUT_FILE_MAX_BYTES)
        {
            Refuse(flag, path, "cannot read: " + AboveTheCap());
        }
        text.append(chunk, static_cast<size_t>(got));
    }
}

} // namespace fabriclb
} // namespace ns3
