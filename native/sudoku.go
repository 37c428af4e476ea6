package native

import (
	"context"
	"errors"
	"fmt"
	"math"

	"puzzlesat/puzzle"
)

// Sudoku returns the first answer that the search finds, puzzle.ErrNoSolution
// when there is none (givens that clash included), or ctx.Err() when ctx is
// done first. It does not look for a second answer. Box may be 2 to
// puzzle.SudokuMaxBox; an instance with another box, a wrong number of
// cells or a cell value outside 0..S gives an error of its own.
//
// Every search places naked singles (a cell with one candidate) and hidden
// singles (a symbol that fits one cell of a unit), fails on a cell or a
// unit symbol without a place, and branches on a constraint with the
// fewest options. There are three of them:
//   - 9x9 (sudoku9.go): a bitboard per digit and band, copied at each
//     guess, with box-line interactions, branching on a two-digit cell.
//   - up to 25x25 (sudoku_small.go): a candidate bitmask per cell and the
//     places left to each symbol in each unit, copied at each node, with
//     box-line interactions; after 500 nodes (hard 25x25 puzzles need
//     more) a look-ahead (sudoku_look.go) at every node.
//   - 36x36 to 400x400 (sudoku_wide.go): candidate bitsets of any width
//     and counts, changed in place and undone from a trail, so that a node
//     costs what it changes; the fewest options are found in buckets.
func Sudoku(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, Stats, error) {
	r, err := runSudoku(ctx, p, 1, 0)
	st := Stats{Nodes: r.nodes}
	switch {
	case err != nil:
		return puzzle.SudokuAnswer{}, Stats{}, err
	case r.found > 0:
		return puzzle.SudokuAnswer{Cells: r.answer}, st, nil
	case r.err != nil:
		return puzzle.SudokuAnswer{}, st, r.err
	}
	return puzzle.SudokuAnswer{}, st, puzzle.ErrNoSolution
}

// CountSudoku returns the number of answers of p, stopping when it reaches
// limit (limit <= 0 means no limit). When ctx is done first it returns the
// answers found so far and ctx.Err().
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int) (int, Stats, error) {
	return CountSudokuNodes(ctx, p, limit, 0)
}

// ErrNodeLimit is returned by a search that stopped at its node limit.
var ErrNodeLimit = errors.New("node limit reached")

// CountSudokuNodes is CountSudoku that also stops after maxNodes search
// nodes (maxNodes <= 0 means no bound), returning the answers found so far
// and ErrNodeLimit. Counting stays reproducible, unlike with a deadline.
func CountSudokuNodes(ctx context.Context, p puzzle.Sudoku, limit int, maxNodes int64) (int, Stats, error) {
	r, err := runSudoku(ctx, p, limit, maxNodes)
	if err != nil {
		return 0, Stats{}, err
	}
	return r.found, Stats{Nodes: r.nodes}, r.err
}

// sudokuRun is what a search reports: the answers found (the first kept),
// the nodes it visited, and why it stopped early, if it did.
type sudokuRun struct {
	found  int
	answer []int16
	nodes  int64
	err    error
}

// runSudoku checks p and runs the search that fits its size.
func runSudoku(ctx context.Context, p puzzle.Sudoku, limit int, maxNodes int64) (sudokuRun, error) {
	if err := checkSudoku(p); err != nil {
		return sudokuRun{}, err
	}
	if limit <= 0 {
		limit = math.MaxInt
	}
	if maxNodes <= 0 {
		maxNodes = math.MaxInt64
	}
	switch {
	case p.Box == 3:
		s := solveSudoku9(ctx, p.Cells, limit, maxNodes)
		return sudokuRun{s.found, s.answer, s.nodes, s.err}, nil
	case p.Box <= sudokuSmallMax:
		return runSudokuSmall(ctx, p, limit, maxNodes), nil
	}
	return runSudokuWide(ctx, p, limit, maxNodes), nil
}

// checkSudoku rejects an instance no parser makes.
func checkSudoku(p puzzle.Sudoku) error {
	if p.Box < 2 || p.Box > puzzle.SudokuMaxBox {
		return fmt.Errorf("sudoku box %d outside 2..%d", p.Box, puzzle.SudokuMaxBox)
	}
	side := p.Side()
	if len(p.Cells) != side*side {
		return fmt.Errorf("sudoku of box %d has %d cells, want %d", p.Box, len(p.Cells), side*side)
	}
	for c, v := range p.Cells {
		if v < 0 || int(v) > side {
			return fmt.Errorf("sudoku cell %d holds %d, want 0..%d", c, v, side)
		}
	}
	return nil
}
