package spec_test

import (
	"testing"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/kindtest"
	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// TestChapterJudge solves the CERC blocks of lengths up to 50 with the
// chapter's program: the answers are the judge's.
func TestChapterJudge(t *testing.T) {
	kindtest.CheckJudgeFile(t, theKind, judgedata.Path(t, "sticks", "cerc1995_sticks_le50.in"), judgedata.Path(t, "sticks", "cerc1995_sticks_le50.out"),
		puzzlesat.Options{Backend: puzzlesat.DFS, Prunings: "chapter"})
}
