#include "interp/io/input_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include <catch2/catch.hpp>

using forklift::interp::InputReader;

namespace {

std::string write_temp(const std::string& content) {
  std::string path = "/tmp/forklift-input-reader-" + std::to_string(getpid());
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

}  // namespace

TEST_CASE("records come from a mapped regular file") {
  std::string path = write_temp("one\ntwo\nlast");
  int fd = open(path.c_str(), O_RDONLY);
  InputReader reader;
  std::string line;
  CHECK(reader.read_record(fd, '\n', line) == InputReader::Result::Record);
  CHECK(line == "one");
  line.clear();
  CHECK(reader.read_record(fd, '\n', line) == InputReader::Result::Record);
  CHECK(line == "two");
  line.clear();
  CHECK(reader.read_record(fd, '\n', line) == InputReader::Result::Partial);
  CHECK(line == "last");
  line.clear();
  CHECK(reader.read_record(fd, '\n', line) == InputReader::Result::Eof);
  close(fd);
  std::remove(path.c_str());
}

TEST_CASE("releasing a mapping puts the file offset after what was read") {
  std::string path = write_temp("first\nrest of file\n");
  int fd = open(path.c_str(), O_RDONLY);
  InputReader reader;
  std::string line;
  reader.read_record(fd, '\n', line);
  reader.release(fd);
  char buf[64] = {};
  ssize_t n = read(fd, buf, sizeof buf - 1);
  CHECK(std::string(buf, static_cast<size_t>(n)) == "rest of file\n");
  close(fd);
  std::remove(path.c_str());
}

TEST_CASE("pipes are read without taking more than one record") {
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  REQUIRE(write(fds[1], "a\nb\n", 4) == 4);
  close(fds[1]);
  InputReader reader;
  std::string line;
  CHECK(reader.read_record(fds[0], '\n', line) == InputReader::Result::Record);
  CHECK(line == "a");
  char rest[8] = {};
  CHECK(read(fds[0], rest, sizeof rest) == 2);
  CHECK(std::string(rest, 2) == "b\n");
  close(fds[0]);
}
