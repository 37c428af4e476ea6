// Package sat is puzzlesat's SAT backend, one solver per puzzle kind,
// mirroring package native name for name: Alphametic, Sudoku, Sticks,
// Cake, Digit, Cryptarithm and Cats, with CountAlphametic, CountSudoku,
// CountDigit and CountCryptarithm, and for each kind the query that the
// command exports as DIMACS (SticksQuery, ...).
//
// Each turns an instance into formulas with package encode, asks them of
// the SAT driver, package sat/solver (gini in process, an external
// program, or a portfolio, as its Config says), and turns models back
// into answers: one query for the puzzles asked once, an optimisation
// loop on one incremental solver for sticks, cake and cats. The literal
// budget of the Config is checked before a formula is built wherever its
// size can be bounded in advance.
package sat
