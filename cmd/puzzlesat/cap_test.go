package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// capped runs the command under an address-space limit of limit bytes
// (prlimit --as, as ulimit -v would set it) and GNU time, and returns its
// exit status and peak RSS in KiB; it skips the test where either tool
// is missing.
func capped(t *testing.T, limit int64, args ...string) (*process, int, int64) {
	t.Helper()
	prlimit, err := exec.LookPath("prlimit")
	if err != nil {
		t.Skip("prlimit (util-linux) is needed to cap the address space")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		t.Skip("GNU time (/usr/bin/time) is needed to read peak memory")
	}
	bin := binary(t)
	cmd := exec.Command("/usr/bin/time", append([]string{"-f", "%M", prlimit, fmt.Sprintf("--as=%d", limit), bin}, args...)...)
	p := launch(t, cmd, "", true)
	code, rss := p.wait(t)
	return p, code, rss
}

// TestCapHolds (issue 23 item 2): under an address-space cap the jobs of
// a batch share the memory of one: the SAT formulas of all jobs draw
// from one quota of literals, and the DFS tables from one total, so that
// more jobs take no more memory and each instance ends in an answer, a
// timeout or "too large", never in Go's fatal "out of memory". Four
// empty 49x49 grids by SAT at four jobs, each formula near its budget,
// took 400 MB and died under 1.8 GB before the quota; an empty 121x121
// under a budget raised past what 4 GB hold died at 1.7 GB as gini took
// its clauses, and is too large at once now.
func TestCapHolds(t *testing.T) {
	bin := binary(t)
	gen := func(name string, args ...string) string {
		out, err := exec.Command(bin, append([]string{"gen"}, args...)...).Output()
		require.NoError(t, err)
		return writeBig(t, name, string(out), 1)
	}
	grids := gen("grids.txt", "sudoku", "--box=7", "--blanks=100", "--count=4")
	grid121 := gen("grid121.txt", "sudoku", "--box=11", "--blanks=100")
	blocks := writeBig(t, "blocks.txt", hardBlock(), 64)
	blocks = writeBig(t, "blocks0.txt", readFile(t, blocks)+"0\n", 1)
	for _, tc := range []struct {
		name  string
		limit int64
		args  []string
		most  int64  // KiB
		errs  string // in stderr
	}{
		{"sudoku by sat, 4 jobs", 1_800_000_000, []string{"solve", "sudoku", "--backend=sat", "--budget=6000000", "--jobs=4", "--timeout=3s", grids}, 600 << 10, ""},
		{"sudoku by sat past what the limit leaves", 4_000_000_000, []string{"solve", "sudoku", "--backend=sat", "--budget=200000000", grid121}, 64 << 10, "more than the address-space limit of 3814 MB leaves"},
		{"sticks, 64 jobs", 4_000_000_000, []string{"solve", "sticks", "--jobs=64", "--timeout=2s", blocks}, 1 << 20, ""},
		{"sticks by sat, 64 jobs", 4_000_000_000, []string{"solve", "sticks", "--backend=sat", "--jobs=64", "--timeout=2s", blocks}, 1 << 20, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, code, rss := capped(t, tc.limit, tc.args...)
			t.Logf("exit %d, peak RSS %d MiB in %v", code, rss>>10, p.done.Sub(p.started))
			first, _, _ := strings.Cut(p.errs.String(), "\n\n") // a crash's first lines, before the goroutines
			require.NotContains(t, p.errs.String(), "fatal error", first)
			require.NotContains(t, p.errs.String(), "runtime:", first)
			require.Contains(t, []int{exitOK, exitFailed}, code, p.errs.String())
			for _, line := range strings.Split(strings.TrimSpace(p.stdout.String()), "\n") {
				require.NotEqual(t, "no solution", line)
			}
			require.Less(t, rss, tc.most)
			require.Contains(t, p.errs.String(), tc.errs)
		})
	}
}

// hardBlock returns a sticks block of 64 random pieces of length up to
// 10,000, which no search settles in seconds, in judge format.
func hardBlock() string {
	rng := rand.New(rand.NewPCG(3, 7))
	pieces := make([]string, 64)
	for i := range pieces {
		pieces[i] = fmt.Sprint(1 + rng.IntN(10000))
	}
	return "64\n" + strings.Join(pieces, " ") + "\n"
}
