// Package drat checks DRAT proofs that a CNF formula is unsatisfiable,
// as SAT solvers such as CaDiCaL and Kissat write them. It knows no
// solver and no puzzle: a verified proof is a certificate that needs
// only the formula.
//
// # Proofs
//
// A proof is a sequence of steps, each adding a clause (a lemma) or
// deleting one. Text proofs are DIMACS-like:
//
//	proof   = { step | comment }
//	step    = [ "d" ] { literal } "0"      (tokens separated by whitespace)
//	literal = [ "-" ] variable             (variable in 1..2^31-1)
//	comment = a line whose first token starts with "c"
//
// Binary proofs write each step as the byte 'a' (0x61) or 'd' (0x64),
// then each literal as an unsigned LEB128 number, 2v for v and 2v+1 for
// ¬v (7 bits a byte, low first, the high bit set on all but the last),
// then a 0 byte. With [Auto] the format is detected as drat-trim does,
// from the first bytes: a proof is binary when it starts with 'a', or
// with 'd' and a NUL or another control byte occurs in its first 64 KiB
// (every binary clause ends with a NUL; text has none).
//
// A lemma must be RUP (reverse unit propagation: assigning the negation
// of each of its literals and propagating units over the clauses held
// reaches a conflict) or RAT on its first literal p (for every held
// clause D with ¬p, the lemma together with D∖{¬p} is RUP). A deletion
// names a clause by its set of literals; of equal clauses it deletes the
// one added last. The proof refutes the formula when the held clauses
// propagate to a conflict, at the latest when it adds the empty clause.
// Lemmas that hold a literal and its negation are satisfied by every
// assignment and are not held; repeated literals count once.
//
// # Deletions that are ignored
//
// As drat-trim does, a deletion is ignored when the clause is the reason
// of a literal of the top-level assignment at that point: every unit
// clause (unless another clause implied its literal first), and any
// clause that unit propagation uses at the top level. So is a deletion
// of a clause not held. Ignoring them is sound: every lemma is checked
// against the clauses the checker holds at its point, and each step,
// an addition so checked or a deletion made or not, keeps a satisfiable
// set satisfiable, so a set that reaches a conflict comes from an
// unsatisfiable formula. It keeps the top-level assignment implied by
// the clauses held, which the check relies on. The cost is completeness
// in rare cases: a proof whose RAT lemma is RAT only once such a clause
// is gone (a candidate the proof meant to delete) is not verified, as
// in drat-trim (Rebola-Pardo and Biere, "Two flavors of DRAT", 2018).
//
// # The check
//
// The check follows DRAT-trim (Wetzler, Heule and Hunt, "DRAT-trim:
// Efficient checking and trimming using expressive clausal proofs", SAT
// 2014). A forward pass adds the formula's clauses and the lemmas in
// order, applying deletions, with two watched literals per clause and
// unit propagation at the top level after each addition, until the
// clauses propagate to a conflict; the steps after it are read but not
// checked. A conflict in the formula alone verifies any proof; no
// conflict at all refutes the proof (Reason NoConflict). The backward
// pass then marks the clauses that derive the conflict and undoes the
// steps from the last: a deleted clause is held again, a lemma is let go
// and, when marked, checked against the clauses held just before it,
// marking the clauses its derivation uses. Unmarked lemmas are never
// checked (a wrong lemma that nothing uses does not refute a proof).
// Propagation in a check is core first: marked clauses propagate before
// the others, which join one unit at a time, so that derivations lean on
// clauses already in the core and the core stays small. The RAT
// candidates of a lemma are the held clauses with the negation of its
// first literal, each marked.
//
// The marked clauses of the formula are an unsatisfiable core
// ([Options.Core]); the checked lemmas with the clauses each derivation
// used form an LRAT proof ([Options.LRAT]), which simpler checkers, even
// formally verified ones, can check in linear time.
//
// Time: each checked lemma costs a unit propagation over the clauses held
// at its point, and a RAT check one more per candidate, found by a pass
// over all clauses. Memory: every clause is stored in one arena, a 32-bit
// word per literal and a few per clause, and variables are numbered
// densely in the order they occur, so that a proof naming variable
// 2^31-1 costs what one naming variable 3 does.
package drat
