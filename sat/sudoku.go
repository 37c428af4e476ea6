package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/puzzle"
)

// Sudoku solves p by its CNF. The error is puzzle.ErrNoSolution when there
// is none, or the context's error.
func Sudoku(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, Stats, error) {
	q := encode.Sudoku(p)
	s := New(q.Formula())
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return puzzle.SudokuAnswer{}, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountSudoku counts the solutions of p up to limit.
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int) (int, Stats, error) {
	q := encode.Sudoku(p)
	s := New(q.Formula())
	n, err := s.Count(ctx, q.Vars(), limit)
	return n, s.Stats(), err
}
