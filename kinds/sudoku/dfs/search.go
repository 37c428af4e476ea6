package dfs

import (
	"context"

	"github.com/puzzlesat/puzzlesat/kinds/sudoku"
	"github.com/puzzlesat/puzzlesat/kinds/sudoku/dfs/internal/engine"
	"github.com/puzzlesat/puzzlesat/puzzle"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// Prunings returns the prunings of the sudoku searches. The three
// size families share the first four; the others belong to one family,
// and their Doc says which: elsewhere they switch nothing. On 9x9 the
// switches act on the permutation search, which counts and answers the
// questions of a solve, and never on the solve's own path, whose order
// defines the answer: a 9x9 solve returns the same answer whatever is
// off. At other sizes a grid with several answers may give another.
func Prunings() []technique.Pruning {
	return []technique.Pruning{
		engine.CutNakedSingles: {Name: "naked-singles", Category: technique.Propagation, Chapter: "named", Counts: "cells filled",
			Doc: "a cell left with one candidate takes it without a branch"},
		engine.CutHiddenSingles: {Name: "hidden-singles", Category: technique.Propagation, Chapter: "named", Counts: "cells filled",
			Doc: "a symbol left with one place in a row, column or box takes it without a branch"},
		engine.CutFewestFirst: {Name: "fewest-first", Category: technique.Order, Chapter: "named", Counts: "branchings chosen",
			Doc: "branch on the cell or unit symbol with the fewest options (else on the first free cell)"},
		engine.CutBoxLine: {Name: "box-line", Category: technique.Propagation, Counts: "candidates removed",
			Doc: "4x4 to 49x49 but 9x9: a symbol confined to one line of a box, or one box of a line, leaves the rest (pointing, claiming)"},
		engine.CutLookAhead: {Name: "look-ahead", Category: technique.Feasibility, Counts: "options dropped",
			Doc: "4x4 to 49x49 but 9x9: past 500 nodes, every node probes its two- and three-way choices and drops those that fail"},
		engine.CutBandBranch: {Name: "band-branch", Category: technique.Order, Needs: []string{"fewest-first"}, Counts: "branchings on a band",
			Doc: "9x9: branch on the digit of a band with the fewest row-box permutations left, one child each (else on a cell)"},
		engine.CutStackRule: {Name: "stack-rule", Category: technique.Propagation, Counts: "candidates removed, and 1 a node failed",
			Doc: "9x9: the band rule across each stack of boxes, pointing and claiming both ways (else pointing down columns only)"},
		engine.CutMinirows: {Name: "minirows", Category: technique.Feasibility, Counts: "candidates removed, and 1 a node failed",
			Doc: "9x9: each row segment of a box holds exactly three digits"},
		engine.CutLearning: {Name: "learning", Category: technique.Learning, Counts: "nogoods learnt",
			Doc: "64x64 to 225x225: a solve whose plain search keeps failing learns a nogood from each failure"},
		engine.CutDeadCell: {Name: "dead-cell", Category: technique.Feasibility, Chapter: "named", Counts: "nodes failed",
			Doc: "a cell without a candidate, or a symbol without a place in a unit, fails the node (off: the search fails only when it branches on such a cell; on 9x9 a band's row or box still fails in the band rule's look-up; 64x64 and up keep it, learning's failures)"},
	}
}

// Solve returns the first answer that the search finds, puzzle.ErrNoSolution
// when there is none (givens that clash included), or ctx.Err() when ctx is
// done first. It does not look for a second answer. Box may be 2 to
// sudoku.MaxBox; an instance with another box, a wrong number of
// cells or a cell value outside 0..S gives an error of its own. The
// prunings that run switches off (Prunings) change the work, not
// whether there is an answer; a 9x9 answer stays the same too.
//
// Every search places naked singles (a cell with one candidate) and hidden
// singles (a symbol that fits one cell of a unit), fails on a cell or a
// unit symbol without a place, and branches on a constraint with the
// fewest options. There is one search for 9x9 (bitboards per digit and
// band), one for the other sides up to 49x49 (a candidate mask per cell,
// with a look-ahead on hard puzzles) and one for 64x64 to 400x400
// (bitsets undone from a trail, learning nogoods when it keeps failing).
func Solve(ctx context.Context, p sudoku.Instance, run search.Run) (sudoku.Answer, search.Stats, error) {
	r, err := runEngine(ctx, p, 1, 0, run)
	st := search.Stats{Nodes: r.Nodes, Cuts: r.Cuts}
	switch {
	case err != nil:
		return sudoku.Answer{}, search.Stats{}, err
	case r.Found > 0:
		return sudoku.Answer{Cells: r.Answer}, st, nil
	case r.Err != nil:
		return sudoku.Answer{}, st, r.Err
	}
	return sudoku.Answer{}, st, puzzle.ErrNoSolution
}

// Count returns the number of answers of p, stopping when it reaches
// limit (limit <= 0 means no limit), with the prunings that run switches.
// When ctx is done first it returns the answers found so far and
// ctx.Err().
func Count(ctx context.Context, p sudoku.Instance, limit int, run search.Run) (int, search.Stats, error) {
	return CountNodes(ctx, p, limit, 0, run)
}

// ErrNodeLimit is returned by a search that stopped at its node limit.
var ErrNodeLimit = engine.ErrNodeLimit

// CountNodes is CountSudoku that also stops after maxNodes search
// states (maxNodes <= 0 means no bound), returning the answers found so far
// and ErrNodeLimit. Counting stays reproducible, unlike with a deadline.
// On 9x9 the bound is on the decisions, the nodes; from 4x4 to 49x49 a
// state is a node that propagation left standing, so that the nodes may
// be a few more.
func CountNodes(ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, run search.Run) (int, search.Stats, error) {
	r, err := runEngine(ctx, p, limit, maxNodes, run)
	if err != nil {
		return 0, search.Stats{}, err
	}
	return r.Found, search.Stats{Nodes: r.Nodes, Cuts: r.Cuts}, r.Err
}

// runEngine runs the engine's search of p as run asks: counting its
// cuts, or as its instance that counts nothing.
func runEngine(ctx context.Context, p sudoku.Instance, limit int, maxNodes int64, run search.Run) (engine.Result, error) {
	on := run.Prunings.Bits(Prunings)
	if run.Counting() {
		return engine.Run[trace.Counted](ctx, p, limit, maxNodes, on, run.Sink)
	}
	return engine.Run[trace.Uncounted](ctx, p, limit, maxNodes, on, nil)
}
