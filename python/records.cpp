// scribe.read(), scribe.read_string() and the Record and Ply classes.
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "python/binding.hpp"

namespace scribe::python {

namespace py = pybind11;

namespace {

// One ply of a record: its token and the roll written before it.
struct PlyObject {
  std::string text;
  std::optional<std::string> roll;
};

// Reads every record of an opened reader; raises OSError for an input that cannot be read (a
// file with no record gives an empty list).
std::vector<RecordObject> read_all(notation::RecordReader& reader,
                                   const std::optional<notation::FileProblem>& opened) {
  std::vector<RecordObject> out;
  std::optional<notation::FileProblem> problem = opened;
  if (!problem) {
    py::gil_scoped_release release;
    while (auto record = reader.next())
      out.push_back({std::make_shared<const notation::Record>(std::move(*record))});
    problem = reader.finish();
  }
  if (problem && problem->unreadable) {
    const notation::Diagnostic& d = problem->diagnostic;
    PyErr_SetString(PyExc_OSError, (d.code + ": " + d.message).c_str());
    throw py::error_already_set();
  }
  return out;
}

// The value of the tag `name`, or None.
std::optional<std::string> tag_value(const RecordObject& r, const char* name) {
  if (const notation::Tag* t = r.record->find_tag(name)) return t->value;
  return std::nullopt;
}

}  // namespace

void add_records(py::module_& m) {
  py::class_<PlyObject>(m, "Ply", "One ply of a record: its token and the roll written before it.")
      .def_readonly("text", &PlyObject::text, "the token as written")
      .def_readonly("roll", &PlyObject::roll, "the roll between the parentheses, or None")
      .def("__repr__", [](const PlyObject& p) {
        return "Ply(" + (p.roll ? "(" + *p.roll + ") " : std::string()) + p.text + ")";
      });

  py::class_<RecordObject>(m, "Record", "One record of a file, as read (not yet replayed).")
      .def_property_readonly(
          "tags",
          [](const RecordObject& r) {
            py::dict tags;
            for (const auto& t : r.record->tags) tags[py::str(t.name)] = py::str(t.value);
            return tags;
          },
          "the well-formed tags, in the order written")
      .def_property_readonly(
          "plies",
          [](const RecordObject& r) {
            std::vector<PlyObject> plies;
            plies.reserve(r.record->plies.size());
            for (const auto& p : r.record->plies)
              plies.push_back({std::string(r.record->text_of(p)),
                               p.roll ? std::optional(p.roll->text) : std::nullopt});
            return plies;
          },
          "the plies, in order")
      .def_property_readonly(
          "stray_rolls",
          [](const RecordObject& r) {
            std::vector<std::pair<std::string, int>> out;
            for (const auto& s : r.record->stray_rolls) out.emplace_back(s.roll.text, s.before_ply);
            return out;
          },
          "rolls not directly followed by a ply: (roll, number of the ply after it)")
      .def_property_readonly(
          "game", [](const RecordObject& r) { return tag_value(r, "Game"); },
          "the Game tag's value, or None")
      .def_property_readonly(
          "options", [](const RecordObject& r) { return tag_value(r, "Options"); },
          "the Options tag's value, or None")
      .def_property_readonly(
          "file", [](const RecordObject& r) { return r.record->file; }, "the file name reported")
      .def_property_readonly(
          "index", [](const RecordObject& r) { return r.record->index; },
          "the record's number in its file, from 1")
      .def_property_readonly(
          "line", [](const RecordObject& r) { return r.record->line; }, "its first line")
      .def_property_readonly(
          "text", [](const RecordObject& r) { return r.record->text; }, "its text as written")
      .def("__repr__", [](const RecordObject& r) {
        return "<scribe.Record " + r.record->file + " #" + std::to_string(r.record->index) + ", " +
               std::to_string(r.record->plies.size()) + " plies>";
      });

  m.def(
      "read",
      [](const std::filesystem::path& path) {
        notation::RecordReader reader(path.string());
        std::optional<notation::FileProblem> problem;
        {
          py::gil_scoped_release release;
          problem = reader.open_file(path);
        }
        return read_all(reader, problem);
      },
      py::arg("path"),
      "Returns the records of the file `path` (a list; empty when it holds none). Raises "
      "OSError when it cannot be read (record.io, or a UTF-16/32 file).");
  m.def(
      "read_string",
      [](std::string text, const std::string& name) {
        notation::RecordReader reader(name);
        const std::optional<notation::FileProblem> problem = reader.open_text(std::move(text));
        return read_all(reader, problem);
      },
      py::arg("text"), py::arg("name") = "<string>",
      "Returns the records of `text`; `name` is the file name their diagnostics report.");
}

}  // namespace scribe::python
