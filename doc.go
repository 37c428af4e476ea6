// Package puzzlesat solves classic exhaustive-search puzzles two ways and
// makes the two check each other: every puzzle is encoded into CNF and
// solved with a SAT solver, and a native depth-first search with
// hand-made pruning solves the same input. Every answer passes the
// puzzle's own Verify before it is returned. This package is all a
// program needs to import.
//
// # Kinds
//
// Each kind of puzzle is a [Kind], made by its constructor, such as
// [Sudoku]. [Kinds] lists them all, each with a one-line summary
// ([Puzzle].Summary), and so does the command puzzlesat kinds: that
// list, not this comment, is the one to read. A Kind parses its own
// judge format ([Kind.Parse],
// [Kind.Scan], with [ParseOptions] for the few formats that take one) into
// the instance types of package github.com/puzzlesat/puzzlesat/puzzle, and
// solves them:
//
//	k := Sudoku()
//	ps, err := k.Parse("grid.txt", r, ParseOptions{})
//	if err != nil {
//		return err // a *ParseError naming the file and line
//	}
//	a, st, err := k.Solve(ctx, ps[0], Options{Backend: Both})
//	fmt.Print(ps[0].Format(a), st)
//
// [Kinds] lists every kind with its types hidden, as a [Puzzle], and
// [Lookup] finds one by name; instances then travel as [Problem] values
// and answers as [Answer] values, which carry their judge text.
//
// # Solving
//
// [Options] chooses the backend ([DFS], [SAT], [Both], which runs the two
// and returns a [*Disagreement] when they differ, or [Race], which runs
// them at once and takes the first verified answer), a time limit per
// backend, the SAT backend's literal budget (a [*TooLarge] error past it),
// and its [Solver]: gini in process, an external DIMACS program such as
// CaDiCaL, or a portfolio racing them, chosen by name with [ParseSolver].
// [Kind.Count] counts answers up to a limit, or all of them with a limit
// of 0, returning what it counted, a lower bound, when a deadline or the
// budget stops it first. A puzzle without an answer
// gives [ErrNoSolution]; a backend whose answer fails Verify gives a
// [*WrongAnswer], a bug.
//
// # Prunings
//
// Every pruning of a kind's DFS has a name ([Puzzle.Prunings]) that
// [Options].Prunings switches, and counts how often it acts: [Stats].Cuts.
// [Kind.Trace] records the search tree of one instance, with each cut at
// the node where it happened, to draw as SVG, DOT or JSON.
//
// # DIMACS
//
// [Kind.Encode] turns one question about an instance into a formula (an
// [Export]) that any SAT solver can take as DIMACS, and [Export.ReadModel]
// reads that solver's answer back, after checking that the model belongs
// to the formula. [ReadDIMACS] reads any formula and [SolveCNF] solves it.
//
// The library never prints and never exits. The command
// github.com/puzzlesat/puzzlesat/cmd/puzzlesat is built on it and on the registry of kinds, and
// adds what a command needs: batches in parallel with output in input
// order, progress, compare's tables and plots, and proofs on disk.
package puzzlesat
