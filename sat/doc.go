// Package sat is puzzlesat's SAT backend, one solver per puzzle kind,
// mirroring package native name for name (Sudoku, and CountSudoku for a
// kind whose answers can be counted), and for each kind the query that
// the command exports as DIMACS (SudokuQuery). The kinds are those of
// the registry, puzzlesat.Kinds; this package lists none of them.
//
// Each turns an instance into formulas with package encode, asks them of
// the SAT driver, package sat/solver (gini in process, an external
// program, or a portfolio, as its Config says), and turns models back
// into answers: one query for the puzzles asked once, an optimisation
// loop on one incremental solver for those that ask for an optimum. The
// literal budget of the Config is checked before a formula is built
// wherever its size can be bounded in advance.
package sat
