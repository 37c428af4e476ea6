package sat

import (
	"context"

	"puzzlesat/encode"
	"puzzlesat/encode/cnf"
	"puzzlesat/puzzle"
)

// Sudoku solves p by its CNF, reduced to what unit propagation leaves
// (encode.SudokuSingles) and built straight into gini (NewStreaming); when
// propagation decides every cell, gini is not called. The error is
// puzzle.ErrNoSolution when there is none, or the context's error.
func Sudoku(ctx context.Context, p puzzle.Sudoku) (puzzle.SudokuAnswer, Stats, error) {
	f := cnf.New()
	s := NewStreaming(f)
	if p.Box <= 3 {
		s.Inline() // at most 729 variables: milliseconds at worst
	}
	q := encode.SudokuIn(f, p, encode.SudokuSingles)
	if q.Decided() {
		// Unit propagation placed every cell: gini has nothing to choose,
		// and the one model sets the constant true.
		m := make(cnf.Model, f.NumVars()+1)
		m[f.True().Var()] = true
		a, err := q.Decode(m)
		return a, Stats{Vars: f.NumVars(), Clauses: f.Streamed()}, err
	}
	st, err := s.Solve(ctx)
	if err != nil || st != Sat {
		return puzzle.SudokuAnswer{}, s.Stats(), noAnswer(err)
	}
	a, err := q.Decode(s.Model())
	return a, s.Stats(), err
}

// CountSudoku counts the solutions of p up to limit, on the same formula.
func CountSudoku(ctx context.Context, p puzzle.Sudoku, limit int) (int, Stats, error) {
	f := cnf.New()
	s := NewStreaming(f)
	q := encode.SudokuIn(f, p, encode.SudokuSingles)
	n, err := s.Count(ctx, q.Vars(), limit)
	return n, s.Stats(), err
}
