# Savoya: compile the two board files into scribe_engine (savoya.md §0: the boards are data for
# the build; engine, notation checks and diagrams all read them).
scribe_embed_text(TARGET scribe_engine SYMBOL kSavoyaBoardJson
  FILE ${CMAKE_SOURCE_DIR}/engine/games/savoya/data/savoya-board.json
  NAMESPACE scribe::engine::savoya)
scribe_embed_text(TARGET scribe_engine SYMBOL kSavoyBoardJson
  FILE ${CMAKE_SOURCE_DIR}/engine/games/savoya/data/savoy-board.json
  NAMESPACE scribe::engine::savoya)
