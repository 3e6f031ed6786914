// The diagram request of one position of a replayed record, shared by render and the replay
// pages: the position after ply `ply`, its last move and mover, and the record's players.
#pragma once

#include <cstddef>

#include "engine/core/replay.hpp"
#include "notation/core/record.hpp"
#include "render/core/diagram.hpp"

namespace scribe::app {

// The request for the position after ply `ply` (0 = the start) of `record`, replayed into `rr`
// with every position kept; the caller adds style, theme and the like.
inline render::DiagramRequest ply_request(const engine::ReplayResult& rr,
                                          const notation::Record& record, int ply) {
  render::DiagramRequest req;
  req.variant = rr.variant.get();
  req.state = rr.positions[static_cast<std::size_t>(ply)].get();
  req.ply = ply;
  if (ply > 0) {
    req.last_move = record.text_of(record.plies[static_cast<std::size_t>(ply - 1)]);
    req.last_mover = rr.positions[static_cast<std::size_t>(ply - 1)]->side_to_move();
  }
  req.players = record.players();
  return req;
}

}  // namespace scribe::app
