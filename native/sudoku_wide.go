package native

import (
	"context"

	"puzzlesat/puzzle"
)

func runSudokuWide(ctx context.Context, p puzzle.Sudoku, limit int, maxNodes int64) sudokuRun {
	panic("todo")
}
