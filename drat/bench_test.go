package drat_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/puzzlesat/puzzlesat/cnf"
	"github.com/puzzlesat/puzzlesat/drat"
)

// BenchmarkCheck checks cadical's binary proofs of the three formulas of
// issue 22 (see issueFormulas). The setup solves each with cadical,
// writing the proof, and times that solve; only the check is timed, and
// x-cadical is its time over cadical's (the issue asks for at most 10).
func BenchmarkCheck(b *testing.B) {
	exe := cadical(b)
	for _, x := range issueFormulas(b) {
		b.Run(x.name, func(b *testing.B) {
			dir := b.TempDir()
			in, proofPath := filepath.Join(dir, "f.cnf"), filepath.Join(dir, "f.drat")
			w, err := os.Create(in)
			require.NoError(b, err)
			require.NoError(b, cnf.WriteProblem(w, x.f))
			require.NoError(b, w.Close())
			start := time.Now()
			out, _ := exec.Command(exe, "-q", in, proofPath).CombinedOutput()
			solve := time.Since(start)
			require.Contains(b, string(out), "s UNSATISFIABLE")
			proof, err := os.ReadFile(proofPath)
			require.NoError(b, err)
			b.ResetTimer()
			for b.Loop() {
				res, err := drat.Check(context.Background(), x.f, bytes.NewReader(proof), drat.Options{})
				if err != nil || res.Verdict != drat.Verified {
					b.Fatalf("%v %+v", err, res)
				}
			}
			b.ReportMetric(solve.Seconds(), "cadical-s")
			b.ReportMetric(b.Elapsed().Seconds()/float64(b.N)/solve.Seconds(), "x-cadical")
		})
	}
}
