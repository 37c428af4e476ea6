package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime/metrics"
	"strings"

	"puzzlesat"
)

// kind is one puzzle kind on the command line: the library's kind, its
// types hidden, and what the command adds to it: its own flags, how to
// make random instances, and the size compare plots against. Solving,
// counting, encoding and decoding all go through the library.
type kind struct {
	lib        puzzlesat.Puzzle
	flags      func(fs *flag.FlagSet, o *options, cmd string) // kind-specific flags
	boundFlag  string                                         // the flag of encode and decode that sets the query's bound, if any
	gen        func(rng *rand.Rand, o *options) (puzzlesat.Problem, error)
	genTrailer string // printed after the generated instances
	// size is what compare plots time against, such as the letters of
	// an alphametic, and sizeName says what it counts; nil for a kind
	// with no size worth plotting.
	size     func(puzzlesat.Problem) int
	sizeName string
}

// extras holds what the command adds to each library kind, by name.
var extras = map[string]func() *kind{
	"alphametic": alphametic, "sudoku": sudoku, "sticks": sticks, "cake": cake,
	"digit-puzzle": digitPuzzle, "cryptarithm": cryptarithm, "cats": cats,
}

// kinds returns the library's kinds, in its order, with the command's
// extras; a library kind the command does not know is a bug, which
// TestEveryKindOnTheCommandLine catches.
func kinds() []*kind {
	var ks []*kind
	for _, lib := range puzzlesat.Kinds() {
		x, ok := extras[lib.Name()]
		if !ok {
			panic(fmt.Sprintf("puzzlesat: the command knows nothing of the kind %q", lib.Name()))
		}
		k := x()
		k.lib = lib
		ks = append(ks, k)
	}
	return ks
}

func kindNames() []string {
	var names []string
	for _, k := range puzzlesat.Kinds() {
		names = append(names, k.Name())
	}
	return names
}

func lookupKind(name string) (*kind, error) {
	for _, k := range kinds() {
		if k.lib.Name() == name {
			return k, nil
		}
	}
	return nil, usagef("unknown puzzle kind %q (want one of %s; see puzzlesat -h)", name, strings.Join(kindNames(), ", "))
}

func (k *kind) name() string { return k.lib.Name() }

// text returns a as the command prints it: the judge's output, and the
// witness with --certificate.
func (k *kind) text(o *options, a puzzlesat.Answer) string {
	if o.certificate {
		return a.Text + a.Certificate
	}
	return a.Text
}

// fail returns what is printed in place of p's answer, word being "no
// solution", "timeout" or "too large": the judge's layout where it has
// one (a blank line after a sudoku grid, "Case k:" before a digit
// puzzle's).
func fail(p puzzlesat.Problem, word string) string {
	if f, ok := p.(interface{ Fail(string) string }); ok {
		return f.Fail(word)
	}
	return word + "\n"
}

func (k *kind) addFlags(fs *flag.FlagSet, o *options, cmd string) {
	if k.lib.Certifies() && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.certificate, "certificate", false, "print the witness after each answer, in lines starting with #")
	}
	if k.lib.HasBound() && (cmd == "encode" || cmd == "decode") {
		// Only a query with a bound needs a backend to find the optimum.
		fs.StringVar(&o.backend, "backend", "dfs", "the backend `NAME` that finds the optimum the query is made at when no --"+k.boundFlag+" is given: dfs, sat or both")
		o.solverFlag(fs)
	}
	if k.flags != nil {
		k.flags(fs, o, cmd)
	}
}

// each reads the instances of in from its start and calls yield with
// each; the first reading spools stdin so that it can be read again, and
// prints the parser's notes.
func (k *kind) each(ctx context.Context, o *options, in *input, first bool, yield func(puzzlesat.Problem) error) error {
	r, err := in.reader(ctx, first)
	if err != nil {
		return err
	}
	po := o.parse
	po.Note = func(msg string) { o.note("%s", msg) }
	return k.lib.Scan(in.name, r, po, yield)
}

// keepHeap is the live heap up to which a batch keeps the instances of
// its first reading instead of reading them again: parsing twice costs a
// 9x9 batch about a tenth of its time, and 16 MiB holds some 50,000 9x9
// puzzles. The heap, not the input, is the bound: an instance takes from
// 2 to 10 times its text.
const keepHeap = 16 << 20

// keepEvery is how many instances a batch reads between looks at the heap.
const keepEvery = 1024

// liveHeap returns the heap that the last garbage collection found live.
func liveHeap() int64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return math.MaxInt64
	}
	return int64(s[0].Value.Uint64())
}

// batch checks the whole input, so that bad input never prints a half
// answer, then solves its instances: the ones it kept, or, from a large
// input, as they stream in again. Each worker of --jobs solves with its
// own options: o.lib with a puzzlesat.Session of its own.
func (k *kind) batch(ctx context.Context, e env, o *options, in *input, solve func(ctx context.Context, lib puzzlesat.Options, i int, p puzzlesat.Problem) result) error {
	var kept []puzzlesat.Problem
	n, keep := 0, true
	err := k.each(ctx, o, in, true, func(p puzzlesat.Problem) error {
		if n++; keep && n%keepEvery == 1 && liveHeap() > o.keep {
			keep, kept = false, nil
		}
		if keep {
			kept = append(kept, p)
		}
		return nil
	})
	if err != nil {
		return err
	}
	o.quiet = true // notes were printed on the first reading
	instances := func(yield func(puzzlesat.Problem) error) error { return k.each(ctx, o, in, false, yield) }
	if keep {
		instances = func(yield func(puzzlesat.Problem) error) error {
			for i, p := range kept {
				kept[i] = nil // solved instances are not kept for the rest of the run
				if err := yield(p); err != nil {
					return err
				}
			}
			return nil
		}
	}
	return runWorkers(ctx, e, o, n, instances, func() (func(context.Context, int, puzzlesat.Problem) result, func()) {
		lib := o.lib
		lib.Session = puzzlesat.NewSession()
		return func(ctx context.Context, i int, p puzzlesat.Problem) result { return solve(ctx, lib, i, p) }, lib.Session.Close
	})
}

func (k *kind) generate(e env, o *options) error {
	if k.gen == nil {
		return usagef("gen is not defined for %s", k.name())
	}
	if o.count < 0 {
		return usagef("--count must not be negative")
	}
	rng := rand.New(rand.NewPCG(o.seed, o.seed^0x9e3779b97f4a7c15))
	for i := 0; i < o.count; i++ {
		p, err := k.gen(rng, o)
		if err != nil {
			return err
		}
		if _, err := io.WriteString(e.stdout, p.String()); err != nil {
			return err
		}
	}
	_, err := io.WriteString(e.stdout, k.genTrailer)
	return err
}
