/*
 * SPDX-License-Identifier: GPL-2.0-only
 *
 * Unit tests of the one way input files are read (input-file.h): what is no file to read is
 * refused in one line naming the flag and file, and a pipe is never waited on.
 */

#include "ns3/connection-matrix.h"
#include "ns3/flow-size-cdf.h"
#include "ns3/input-file.h"
#include "ns3/job-plan.h"

#include <filesystem>
#include <fstream>
#include <gtest/gtest.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace ns3::fabriclb;

namespace
{

/// A folder of its own for the files of one test, removed with it.
class InputFiles : public ::testing::Test
{
  protected:
    void SetUp() override
    {
        char name[] = "/tmp/fabric-lb-input-XXXXXX";
        ASSERT_NE(mkdtemp(name), nullptr);
        m_dir = name;
    }

    void TearDown() override
    {
        std::filesystem::remove_all(m_dir);
    }

    /// \return the path of \p name in the folder
    std::string Path(const std::string& name) const
    {
        return m_dir + "/" + name;
    }

    /// \return the path of a new file \p name holding \p text
    std::string File(const std::string& name, const std::string& text) const
    {
        std::ofstream(Path(name), std::ios::binary) << text;
        return Path(name);
    }

    std::string m_dir; //!< the folder
};

/// \return what() of the InputFileError reading \p path for \p flag throws ("" if none)
std::string
ReadError(const std::string& flag, const std::string& path)
{
    try
    {
        ReadInputFile(flag, path);
    }
    catch (const InputFileError& e)
    {
        return e.what();
    }
    return "";
}

} // namespace

TEST_F(InputFiles, ReadsAWholeFileByteForByte)
{
    const std::string text = std::string("a\0b\r\n\xff", 6) + std::string(200000, 'x');
    EXPECT_EQ(ReadInputFile("--jobs", File("j.json", text)), text);
    EXPECT_EQ(ReadInputFile("", File("empty", "")), "");
}

TEST_F(InputFiles, RefusesWhatIsNoFileNamingTheFlagAndFile)
{
    EXPECT_EQ(ReadError("--jobs", Path("missing.json")),
              "--jobs=" + Path("missing.json") + ": cannot open");
    EXPECT_EQ(ReadError("", Path("missing.json")), Path("missing.json") + ": cannot open");
    EXPECT_EQ(ReadError("--matrix", m_dir), "--matrix=" + m_dir + ": cannot read: a directory");
    EXPECT_EQ(ReadError("--jobs", File("f", "") + "/below"),
              "--jobs=" + Path("f") + "/below: cannot open: not a directory");
    EXPECT_EQ(ReadError("--background", "/dev/null"),
              "--background=/dev/null: cannot read: a device, not a regular file");
    EXPECT_EQ(ReadError("--jobs", ""), "--jobs=: cannot open: no file name");
    EXPECT_EQ(ReadError("", Path("odd\nname")), m_dir + "/odd\\x0aname: cannot open");
    try
    {
        CheckInputFile("--matrix", m_dir);
        ADD_FAILURE() << "accepted";
    }
    catch (const InputFileError& e)
    {
        EXPECT_EQ(e.Problem(), "cannot read: a directory");
    }
}

TEST_F(InputFiles, NeverWaitsOnAPipe)
{
    // Opening a pipe's reading end blocks until a writer comes: it is refused unopened.
    ASSERT_EQ(mkfifo(Path("pipe").c_str(), 0600), 0);
    EXPECT_EQ(ReadError("--background", Path("pipe")),
              "--background=" + Path("pipe") + ": cannot read: a pipe, not a regular file");
}

TEST_F(InputFiles, NamesAReadError)
{
    // A process's memory at offset 0, never mapped: open succeeds, read fails with EIO.
    if (!std::filesystem::exists("/proc/self/mem"))
    {
        GTEST_SKIP() << "no /proc";
    }
    EXPECT_EQ(ReadError("--jobs", "/proc/self/mem"),
              "--jobs=/proc/self/mem: cannot read: input/output error");
}

TEST_F(InputFiles, RefusesAFileAboveTheCapUnread)
{
    // A sparse file: its size says it all, nothing is read.
    const std::string big = File("big.cm", "");
    ASSERT_EQ(truncate(big.c_str(), INPUT_FILE_MAX_BYTES + 1), 0);
    EXPECT_EQ(ReadError("--matrix", big),
              "--matrix=" + big + ": cannot read: 268435457 bytes, above the 256 MiB an input " +
                  "file may hold");
}

TEST_F(InputFiles, EveryReaderRefusesInItsOwnErrorType)
{
    try
    {
        ReadConnectionMatrix(m_dir, 16);
        ADD_FAILURE() << "accepted";
    }
    catch (const MatrixError& e)
    {
        EXPECT_EQ(std::string(e.what()), m_dir + ": cannot read: a directory");
        EXPECT_EQ(e.Line(), 0U);
    }
    try
    {
        FlowSizeCdf::Load(m_dir);
        ADD_FAILURE() << "accepted";
    }
    catch (const CdfError& e)
    {
        EXPECT_EQ(std::string(e.what()), m_dir + ": cannot read: a directory");
    }
    // Before: the directory was opened and read, and std::ios_base::failure ended the program.
    try
    {
        ReadJobsFile(m_dir);
        ADD_FAILURE() << "accepted";
    }
    catch (const JobsError& e)
    {
        EXPECT_EQ(std::string(e.what()), m_dir + ": cannot read: a directory");
    }
}
