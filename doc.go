// Package puzzlesat solves classic exhaustive-search puzzles two ways and
// makes the two check each other: every puzzle is encoded into CNF and
// solved with a SAT solver, and a native depth-first search with
// hand-made pruning solves the same input. Every answer passes the
// puzzle's own Verify before it is returned.
//
// [Kinds] returns every kind of puzzle and [Lookup] finds one by name
// (the command puzzlesat kinds prints the same list). A [Kind] parses its
// judge format into instances of its own type, found in its package
// (github.com/puzzlesat/puzzlesat/kinds/KIND), and solves them:
//
//	k, err := puzzlesat.Lookup("sudoku")
//	ps, err := k.Parse("grid.txt", r, kind.ScanOptions{}) // a *puzzle.ParseError names file and line
//	a, st, err := k.Solve(ctx, ps[0], puzzlesat.Options{Backend: puzzlesat.Both})
//	fmt.Print(a.Text, st)
//
// [Options] chooses the backend ([DFS], [SAT], [Both], which returns a
// [*Disagreement] when the two differ, or [Race]), a time limit, the SAT
// backend's solver and literal budget, the DFS's prunings and the SAT
// encoding. [Kind.Count] counts answers, [Kind.Trace] records the search
// tree with every cut where it happened, and [Kind.Encode] makes a
// [Query], a formula for any SAT solver whose model [Query.ReadModel]
// reads back. A puzzle without an answer gives [ErrNoSolution]; an answer
// that fails Verify gives a [*WrongAnswer], a bug.
//
// The library never prints and never exits; the command
// github.com/puzzlesat/puzzlesat/cmd/puzzlesat is built on it.
package puzzlesat
