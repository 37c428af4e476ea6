package puzzlesat

import (
	"context"
	"errors"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/search"
)

var (
	dfsFiles  = flag.String("dfs.files", "", "`KIND=FILE,...`: more inputs of BenchmarkDFS, a sub-benchmark KIND/FILE each")
	dfsCounts = flag.Bool("dfs.counts", false, "BenchmarkDFS counts the cuts, as --stats does")
)

// dfsInput is one input file of BenchmarkDFS, parsed.
type dfsInput struct {
	name string
	ps   []kind.Instance
}

// BenchmarkDFS runs each kind's own search at its defaults, as Solve
// with Options{} runs it, on the instances of the kind's sample files
// (kind.Sampler), a sub-benchmark KIND, and of each file -dfs.files
// names, a sub-benchmark KIND:FILE each. -dfs.counts counts the cuts, as
// --stats asks. Under callgrind, collecting in dfsAll alone, it gives
// the instructions of the searches (docs/results.md).
func BenchmarkDFS(b *testing.B) {
	for _, k := range Kinds() {
		set, _, err := k.searches().Resolve("")
		if err != nil {
			b.Fatal(err)
		}
		run := search.Run{Prunings: set, CountCuts: *dfsCounts}
		for _, in := range dfsInputs(b, k) {
			b.Run(in.name, func(b *testing.B) {
				// One thread, so that callgrind sees every instruction
				// of dfsAll inside it.
				runtime.LockOSThread()
				defer runtime.UnlockOSThread()
				for b.Loop() {
					dfsAll(b, k, in.ps, run)
				}
			})
		}
	}
}

// dfsAll solves every instance of ps with k's search under run.
//
//go:noinline
func dfsAll(b *testing.B, k Kind, ps []kind.Instance, run search.Run) {
	for _, p := range ps {
		if _, _, err := k.DFS(context.Background(), p, run); err != nil && !errors.Is(err, ErrNoSolution) {
			b.Fatal(err)
		}
	}
}

// dfsInputs returns the inputs of BenchmarkDFS for k.
func dfsInputs(b *testing.B, k Kind) []dfsInput {
	var ins []dfsInput
	parse := func(name string, fsys fs.FS, path string) {
		f, err := fsys.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		ps, err := k.Parse(path, f, kind.ScanOptions{})
		if err != nil {
			b.Fatal(err)
		}
		ins = append(ins, dfsInput{name, ps})
	}
	if s, ok := k.Kind.(kind.Sampler); ok {
		names, err := fs.Glob(s.Samples(), "*.in")
		if err != nil {
			b.Fatal(err)
		}
		for _, name := range names {
			parse(k.Name(), s.Samples(), name)
		}
		all := dfsInput{name: k.Name()}
		for _, in := range ins {
			all.ps = append(all.ps, in.ps...)
		}
		ins = []dfsInput{all}
	}
	for _, item := range strings.Split(*dfsFiles, ",") {
		name, file, ok := strings.Cut(item, "=")
		if ok && name == k.Name() {
			parse(k.Name()+":"+filepath.Base(file), os.DirFS(filepath.Dir(file)), filepath.Base(file))
		}
	}
	return ins
}
