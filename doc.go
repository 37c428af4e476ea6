// Package puzzlesat solves classic exhaustive-search puzzles two ways and
// makes the two check each other: every puzzle is encoded into CNF and
// solved with a SAT solver, and a native depth-first search with hand-made
// pruning solves the same input. Every answer passes the puzzle's own
// Verify before it is returned.
//
// Each kind of puzzle is a [Kind], made by its constructor: [Alphametic]
// (NOIP2004 base-N addition), [Sudoku] (n²×n² grids), [Sticks] (POJ 1011),
// [Cake] (POJ 1190), [DigitPuzzle] (UVa 12107), [Cryptarithm] (SEND + MORE
// = MONEY) and [Cats] (cats and cable cars, AcWing 165). Package puzzle holds
// each kind's instance and answer types and its judge-format parser and
// printer; a Kind solves them:
//
//	ps, err := puzzle.ParseSudoku("grid.txt", r, "")
//	if err != nil {
//		return err // a *puzzle.ParseError naming the file and line
//	}
//	k := puzzlesat.Sudoku()
//	a, st, err := k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.Both})
//	fmt.Print(ps[0].Format(a), st)
//
// [Options] chooses the backend ([DFS], [SAT], or [Both], which runs the
// two and returns a [Disagreement] when they differ), a time limit per
// backend, and the SAT backend's solver: gini in process, an external
// DIMACS program, or a portfolio racing them (see sat.ParseEngine). [Kind.Count] counts answers up to a limit. [Kind.Encode] turns
// one question about an instance into a formula ([Export]) that any SAT
// solver can take as DIMACS, and [Export.ReadModel] reads that solver's
// answer back, after checking that the model belongs to the formula. The
// formulas are built with package puzzlesat/encode/cnf, which knows no
// puzzle, and [SolveCNF] solves any of them.
//
// The library never prints and never exits; the command
// puzzlesat/cmd/puzzlesat is a thin layer over it for files and batches.
package puzzlesat
