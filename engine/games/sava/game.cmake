# Sava: the two board files are compiled into scribe_engine (sava.md sections 2 and 2.6).
scribe_embed_text(TARGET scribe_engine SYMBOL kSavaBoardJson
  FILE ${CMAKE_SOURCE_DIR}/engine/games/sava/data/sava-board.json
  NAMESPACE scribe::engine::sava)
scribe_embed_text(TARGET scribe_engine SYMBOL kSavaGreatWheelBoardJson
  FILE ${CMAKE_SOURCE_DIR}/engine/games/sava/data/sava-greatwheel-board.json
  NAMESPACE scribe::engine::sava)
