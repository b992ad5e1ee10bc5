// HDF5 files that every rank of an MPI job (MPI_COMM_WORLD) opens together through parallel
// HDF5's MPI-IO driver, each rank writing or reading only its own rows, in the formats of
// state_file.h and frame_writer.h (h5py reads them as it reads those). Built only into the MPI
// flavour of the engine's files, which grayscott-batch links in builds with MPI
// (engine/CMakeLists.txt). Every call is collective: all ranks make it, in the same order, with
// the same arguments but their own rows; each returns this rank's status, for the ranks to agree
// on before the next call. Renaming the finished file is the caller's (one rank's) part.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>

#include "gs/fields.h"
#include "gs/params.h"
#include "gs/state_file.h"
#include "gs/status.h"

namespace gs {

// Rows [first, first + count) of the grid.
struct RowRange {
  int first = 0;
  int count = 0;
};

class CollectiveFile {
 public:
  // Creates `temp_path` (the same name on every rank: the caller's temporary), replacing
  // nothing; messages name `final_path`.
  static Expected<std::unique_ptr<CollectiveFile>> create(const std::filesystem::path& temp_path,
                                                          const std::filesystem::path& final_path);
  // Closes the file if it is still open (collective too: every rank's object must die alike).
  ~CollectiveFile();
  CollectiveFile(const CollectiveFile&) = delete;
  CollectiveFile& operator=(const CollectiveFile&) = delete;

  // Whether the file is open through MPI-IO (parallel HDF5), as the library reports it.
  bool uses_mpi_io() const;

  // A state file: datasets u and v of `grid`, this rank's `rows` from `own` (its rows alone),
  // and the attributes (every rank passes the same parameters and step).
  Status write_state(GridSize grid, RowRange rows, const Fields& own, const Params& params,
                     std::int64_t step);
  // A frames file's dataset for `frame_count` frames of `grid`, then each frame's rows of v.
  Status create_frames(GridSize grid, int frame_count);
  Status write_frame(std::int64_t index, RowRange rows, const FieldData& own_v);
  // Flushes and closes: a full disk often shows only here.
  Status close();

 private:
  struct Impl;
  explicit CollectiveFile(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// A state file every rank opens together, each reading only the rows it needs, with the checks
// of gs::read_state (datasets, type, shape, grid size, attributes). Unlike gs::read_state it
// reads in this process: a file that crashes libhdf5 ends the job, not a child.
class CollectiveStateReader {
 public:
  // Not collective: what the system and HDF5 say of the file before the ranks open it together
  // (the ranks agree on it first, so that none waits in an open the others skip).
  static Status check_readable(const std::filesystem::path& path);
  // Not collective either: the whole file read through (its structure, attributes and every row,
  // thrown away) in a child process with a time limit, as one process reads an input, so that a
  // file on which libhdf5 loops or crashes ends in a one-line error instead of in every rank.
  // One rank calls it for all, before any opens the file in-process.
  static Status check_isolated(const std::filesystem::path& path);
  // Opens and checks it; attributes() holds its parameters and step, and no fields.
  static Expected<std::unique_ptr<CollectiveStateReader>> open(const std::filesystem::path& path);
  ~CollectiveStateReader();  // closes the file, together
  CollectiveStateReader(const CollectiveStateReader&) = delete;
  CollectiveStateReader& operator=(const CollectiveStateReader&) = delete;

  GridSize grid() const;
  const StateFile& attributes() const;
  // Rows [first, first + count) of the grid into a field pair `count` rows high; rows before 0 or
  // past the grid wrap around it (a periodic grid's halo). Each rank reads its own rows alone.
  Expected<Fields> read_rows(int first, int count);

 private:
  struct Impl;
  explicit CollectiveStateReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace gs
