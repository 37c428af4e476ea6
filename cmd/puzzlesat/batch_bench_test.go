package main

import (
	"bytes"
	"context"
	"io"
	"testing"

	"github.com/puzzlesat/puzzlesat/internal/ref/judgedata"
)

// BenchmarkBatch runs `solve sudoku` on the large 9x9 sets (outside the
// repository: PUZZLESAT_DATA) in process, as the command runs them:
// reading, parsing, solving, Verify and printing, all but the process's
// start. Against the search alone (native's BenchmarkSudoku17 and
// BenchmarkNine), the difference is what a puzzle costs outside it.
func BenchmarkBatch(b *testing.B) {
	for _, tc := range []struct {
		name, file string
		puzzles    int
		args       []string
	}{
		{"17clue/dfs", "royle_17clue_49151.txt", 49151, []string{"--jobs=1"}},
		{"magictour/dfs", "magictour_top1465.txt", 1465, []string{"--jobs=1"}},
		{"forum_hardest/dfs", "forum_hardest_1106.txt", 375, []string{"--jobs=1"}},
		{"17clue/sat", "royle_17clue_49151.txt", 49151, []string{"--jobs=1", "--backend=sat"}},
	} {
		path := judgedata.Find(b, "sudoku", tc.file)
		args := append([]string{"solve", "sudoku", path}, tc.args...)
		b.Run(tc.name, func(b *testing.B) {
			var errs bytes.Buffer
			for b.Loop() {
				if code := run(context.Background(), args, nil, io.Discard, &errs); code != exitOK {
					b.Fatalf("exit %d: %s", code, errs.String())
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*tc.puzzles), "ns/puzzle")
		})
	}
}
