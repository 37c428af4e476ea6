package spec_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestChapterJudge solves the judge's 16x16 grids with the chapter's
// program: the answers are the judge's.
func TestChapterJudge(t *testing.T) {
	kindtest.CheckJudgeFile(t, theKind, judgedata.Path(t, "sudoku", "poj3076_tedukuri_a.in"), judgedata.Path(t, "sudoku", "poj3076_tedukuri_a.out"),
		puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: "chapter"})
}
