//go:build unix

package dfs_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/puzzlesat/puzzlesat/kinds/addchain"
	"github.com/puzzlesat/puzzlesat/kinds/addchain/dfs"
	"github.com/puzzlesat/puzzlesat/search"
	"github.com/puzzlesat/puzzlesat/technique"
)

// upTo is the range of the speed target: every n from 1 to upTo.
const upTo = 1000

// BenchmarkUpTo1000 solves every n from 1 to 1000 with the DFS and with
// the plain C reference testdata/idref.c (gcc -O2, built once), in turn
// in each iteration, and reports the CPU time of each (the process's
// user and system time: getrusage for the DFS, the child's for the C)
// and their ratio, dfs/c. CPU time, not wall time, because the machine
// is shared; the ratio is of one run.
//
//	go test -run XXX -bench UpTo1000 -benchtime 5x ./kinds/addchain/dfs
func BenchmarkUpTo1000(b *testing.B) {
	ref := buildRef(b)
	var in strings.Builder
	for n := 1; n <= upTo; n++ {
		in.WriteString(strconv.Itoa(n) + "\n")
	}
	in.WriteString("0\n")
	var dfsCPU, cCPU time.Duration
	for b.Loop() {
		start := cpu()
		for n := 1; n <= upTo; n++ {
			if _, _, err := dfs.Solve(context.Background(), addchain.Instance{N: n}, search.Run{}); err != nil {
				b.Fatal(err)
			}
		}
		dfsCPU += cpu() - start
		cmd := exec.Command(ref)
		cmd.Stdin = strings.NewReader(in.String())
		var out bytes.Buffer
		cmd.Stdout = &out
		if err := cmd.Run(); err != nil {
			b.Fatal(err)
		}
		if got := strings.Count(out.String(), "\n"); got != upTo {
			b.Fatalf("the reference printed %d chains, want %d", got, upTo)
		}
		cCPU += cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	}
	runs := float64(b.N)
	b.ReportMetric(dfsCPU.Seconds()/runs, "dfs-cpu-s/op")
	b.ReportMetric(cCPU.Seconds()/runs, "c-cpu-s/op")
	b.ReportMetric(dfsCPU.Seconds()/cCPU.Seconds(), "dfs/c")
}

// buildRef compiles testdata/idref.c into a temporary folder and returns
// the program's path; the benchmark is skipped without gcc.
func buildRef(b *testing.B) string {
	b.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		b.Skip("no gcc to build the C reference")
	}
	src, err := filepath.Abs("testdata/idref.c")
	if err != nil {
		b.Fatal(err)
	}
	out := filepath.Join(b.TempDir(), "idref")
	if msg, err := exec.Command(gcc, "-O2", "-o", out, src).CombinedOutput(); err != nil {
		b.Fatalf("gcc: %v\n%s", err, msg)
	}
	if _, err := os.Stat(out); err != nil {
		b.Fatal(err)
	}
	return out
}

// cpu returns the CPU time this process has used, user and system.
func cpu() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkAblation solves every n from 1 to 1000 with the default
// prunings, with the default again (the control, whose spread is the
// noise), and with each pruning off in turn, the configurations
// interleaved in each iteration so that the machine's load falls on all
// alike. It reports per configuration the nodes and each cut's count
// over the range, and its CPU time over the default's (a metric
// "-doubling-cpu/default"). kinds/addchain/ABLATION.md is its table.
//
// With large-first off the search visits the whole last level of each n,
// 43 times the nodes, so the benchmark takes minutes an iteration:
//
//	go test -run XXX -bench Ablation -benchtime 2x -timeout 90m ./kinds/addchain/dfs
func BenchmarkAblation(b *testing.B) {
	names := []string{"default", "control"}
	sets := []technique.Set{{}, {}}
	for _, p := range dfs.Prunings() {
		names = append(names, "-"+p.Name)
		sets = append(sets, set(b, "-"+p.Name))
	}
	cpus := make([]time.Duration, len(sets))
	nodes := make([]int64, len(sets))
	cuts := make([][]int64, len(sets))
	for b.Loop() {
		for c, on := range sets {
			start := cpu()
			nodes[c] = 0
			cuts[c] = make([]int64, len(dfs.Prunings()))
			for n := 1; n <= upTo; n++ {
				_, st, err := dfs.Solve(context.Background(), addchain.Instance{N: n}, search.Run{Prunings: on, CountCuts: true})
				if err != nil {
					b.Fatal(err)
				}
				nodes[c] += st.Nodes
				for i, x := range st.Cuts {
					cuts[c][i] += x
				}
			}
			cpus[c] += cpu() - start
		}
	}
	for c, name := range names {
		b.ReportMetric(float64(nodes[c]), name+"-nodes")
		b.ReportMetric(cpus[c].Seconds()/cpus[0].Seconds(), name+"-cpu/default")
		if c == 0 {
			b.ReportMetric(cpus[c].Seconds()/float64(b.N), "default-cpu-s/op")
			for i, p := range dfs.Prunings() {
				b.ReportMetric(float64(cuts[c][i]), p.Name+"-cuts")
			}
		}
	}
}
