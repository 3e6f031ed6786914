// PEGTL rules of the Sava ply token (sava.md 4.2). Included only by sava_parser.cpp.
//
// The rules are written so that a space lexeme, once matched, is never given back: every
// optional part after a space either matches or consumes nothing. The actions can therefore
// record the spaces and marks in order, and the parser assigns their roles afterwards.
// `C` is read in two passes (rule 3): champion_ply first, without raising, then orc_first_ply.
#pragma once

#include <tao/pegtl.hpp>

namespace scribe::notation::sava::grammar {

namespace p = tao::pegtl;

// clang-format off
// A file letter, A to H in either case.
struct letter : p::ranges<'A', 'H', 'a', 'h'> {};
// A rank digit (any digit is read; the board decides which name a space).
struct digit : p::digit {};
// The Hub of the Great Wheel, HUB in any case.
struct hub : p::istring<'h', 'u', 'b'> {};
// A space lexeme: HUB and an optional digit, or one or two letters and an optional digit.
struct space : p::sor<p::seq<hub, p::opt<digit>>, p::seq<letter, p::opt<letter>, p::opt<digit>>> {};
// A capture mark, x or X.
struct xmark : p::one<'x', 'X'> {};
// The dash that ends an origin.
struct dash : p::one<'-'> {};
// The dice mark that begins a dice ply.
struct star : p::one<'*'> {};
// The x of a removal, right after the star.
struct removal_x : p::one<'x', 'X'> {};
// The check mark.
struct plus : p::one<'+'> {};
// A comment glyph: !!, ??, !?, ?!, ! or ?.
struct glyph : p::sor<p::string<'!', '!'>, p::string<'?', '?'>, p::string<'!', '?'>, p::string<'?', '!'>, p::one<'!'>, p::one<'?'>> {};
// The annotation after a move: an optional + and an optional glyph.
struct annotation : p::seq<p::opt<plus>, p::opt<glyph>> {};
// The end of the token.
struct end : p::eof {};
// The end of a dice ply with no action.
struct dice_end : p::eof {};

// The piece letters of a piece move.
struct piece_m : p::one<'M', 'm'> {};
struct piece_p : p::one<'P', 'p'> {};
struct piece_w : p::one<'W', 'w'> {};
struct piece_z : p::one<'Z', 'z'> {};
struct piece_wm : p::one<'M', 'm'> {};
struct piece_c : p::one<'C', 'c'> {};

// The resurrection or promotion suffix of an Orc move: P, Wz, Wm or C.
struct promo_p : p::one<'P', 'p'> {};
struct promo_wz : p::istring<'w', 'z'> {};
struct promo_wm : p::istring<'w', 'm'> {};
struct promo_c : p::one<'C', 'c'> {};
struct promotion : p::sor<promo_p, promo_wz, promo_wm, promo_c> {};

// A space that must be there.
struct need_space : p::must<space> {};

// After the destination of a piece other than the Weaponmaster: an optional capture mark.
struct plain_tail : p::opt<xmark> {};
// After the first space of a Weaponmaster move: x and a second space make it a via.
struct wm_tail : p::opt<xmark, p::opt<space, p::opt<xmark>>> {};

// A destination written with a leading x: x, space, optional x.
struct lead_x_form : p::seq<xmark, need_space, p::opt<xmark>> {};
// The rest of a piece move after its origin: plain (or via for the Weaponmaster).
template <typename Tail> struct after_origin : p::sor<lead_x_form, p::seq<space, Tail>> {};
// A space first: it is an origin when a dash follows, else the destination (or via).
template <typename Tail> struct space_first : p::seq<space, p::sor<p::seq<dash, p::must<after_origin<Tail>>>, Tail>> {};
// The part of a piece move after its letter(s): [origin] plain, or [origin] via for Wm.
template <typename Tail> struct piece_tail : p::sor<lead_x_form, space_first<Tail>> {};
template <typename Tail> struct need_piece_tail : p::must<piece_tail<Tail>> {};

// The Matron Mother, the Priestess and the Wizard / Weaponmaster after W.
struct matron_move : p::seq<piece_m, need_piece_tail<plain_tail>> {};
struct priestess_move : p::seq<piece_p, need_piece_tail<plain_tail>> {};
struct wizard_rest : p::seq<piece_z, need_piece_tail<plain_tail>> {};
struct weaponmaster_rest : p::seq<piece_wm, need_piece_tail<wm_tail>> {};
struct w_rest : p::sor<wizard_rest, weaponmaster_rest> {};
struct w_move : p::seq<piece_w, p::must<w_rest>> {};
// An Orc move: from-space, to-space, optional x, optional promotion suffix.
struct orc_move : p::seq<space, need_space, p::opt<xmark>, p::opt<promotion>> {};

// A move: C begins an Orc move here (the Champion reading is champion_ply, tried first).
struct action : p::sor<matron_move, priestess_move, w_move, orc_move> {};

// A removal: x and the space (only after the star).
struct removal : p::seq<removal_x, need_space, annotation, p::must<end>> {};
// A dice ply: the star, then a removal, a turncoat move, or nothing.
struct dice_ply : p::seq<star, p::sor<removal, p::seq<action, annotation, p::must<end>>, p::seq<annotation, p::must<dice_end>>>> {};
// A normal move.
struct normal_ply : p::seq<p::must<action>, annotation, p::must<end>> {};
// A whole ply token.
struct ply : p::sor<dice_ply, normal_ply> {};

// The Champion reading of a token beginning with C (or *C), which never raises: C, an
// optional origin, a plain destination, an annotation and the end (rule 3).
struct champion_dest : p::sor<p::seq<xmark, space, p::opt<xmark>>, p::seq<space, p::opt<xmark>>> {};
struct champion_tail : p::sor<p::seq<xmark, space, p::opt<xmark>>, p::seq<space, p::sor<p::seq<dash, champion_dest>, p::opt<xmark>>>> {};
struct champion_ply : p::seq<p::opt<star>, piece_c, champion_tail, annotation, p::eof> {};
// clang-format on

// What each rule under must<> expects, in words, for the message of sava.syntax. Every such
// rule needs its entry: Control::raise (sava_parser.cpp) checks it at compile time.
template <typename Rule>
inline constexpr const char* kExpected = nullptr;
template <>
inline constexpr const char* kExpected<space> = "a space name such as E3 or DE2";
template <>
inline constexpr const char* kExpected<end> = "the end of the move";
template <>
inline constexpr const char* kExpected<w_rest> = "z or m after W (Wz, Wm)";
template <>
inline constexpr const char* kExpected<action> =
    "a piece letter (M, P, Wz, Wm, C), a space name or *";
template <>
inline constexpr const char* kExpected<piece_tail<plain_tail>> =
    "a space name, or x and a space name";
template <>
inline constexpr const char* kExpected<piece_tail<wm_tail>> = "a space name, or x and a space name";
template <>
inline constexpr const char* kExpected<after_origin<plain_tail>> =
    "a space name, or x and a space name, after the dash";
template <>
inline constexpr const char* kExpected<after_origin<wm_tail>> =
    "a space name, or x and a space name, after the dash";
template <>
inline constexpr const char* kExpected<dice_end> =
    "a turncoat move, x and a space name, or the end of the ply";

}  // namespace scribe::notation::sava::grammar
