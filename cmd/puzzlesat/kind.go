package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"runtime/metrics"
	"strconv"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/suggest"
	"github.com/puzzlesat/puzzlesat/kinds/cryptarithm"
)

// kind is one puzzle kind on the command line: the library's kind, its
// types hidden, which says everything the command needs of it: its
// flags, its generator, its size and its bound. Solving, counting,
// encoding and decoding all go through the library.
type kind struct {
	lib puzzlesat.Puzzle
	gen puzzlesat.GenValues // what gen's flags set
}

// kinds returns the library's kinds, in its order.
func kinds() []*kind {
	var ks []*kind
	for _, lib := range puzzlesat.Kinds() {
		ks = append(ks, &kind{lib: lib, gen: puzzlesat.GenValues{}})
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

// lookupKind returns the kind of the given name, ignoring case; an
// unknown name is bad usage, with the nearest kind's name when one is
// near, else every kind's.
func lookupKind(name string) (*kind, error) {
	lib, err := puzzlesat.Lookup(name)
	if err == nil {
		return &kind{lib: lib, gen: puzzlesat.GenValues{}}, nil
	}
	if hint := suggest.DidYouMean(name, kindNames(), strconv.Quote); hint != "" {
		return nil, usagef("unknown puzzle kind %q: %s (see puzzlesat kinds)", name, hint)
	}
	return nil, usagef("unknown puzzle kind %q (want one of %s; see puzzlesat kinds)", name, strings.Join(kindNames(), ", "))
}

func (k *kind) name() string { return k.lib.Name() }

// text returns a, p's answer, as the command prints it: the judge's
// output, or with --grid the answer drawn; and the witness with
// --certificate.
func (k *kind) text(o *options, p puzzlesat.Problem, a puzzlesat.Answer) string {
	text := a.Text
	if o.grid {
		text = k.lib.Grid(p, a)
	}
	if o.certificate {
		return text + a.Certificate
	}
	return text
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

// addFlags registers the kind's own flags of the subcommand cmd: its
// generator's parameters for gen; its bound for encode and decode; the
// options of its input format for the subcommands that read one.
func (k *kind) addFlags(fs *flag.FlagSet, o *options, cmd string) {
	if k.lib.Certifies() && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.certificate, "certificate", false, "print the witness after each answer, in lines starting with #")
	}
	if k.lib.Grids() && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.grid, "grid", false, "draw each answer as a grid for people to read, in place of the judge's format")
	}
	if cmd == "gen" {
		for _, p := range k.lib.GenParams() {
			fs.Func(p.Name, fmt.Sprintf("%s, %d..%d (default %d)", p.Doc, p.Min, p.Max, p.Default), func(s string) error {
				v, err := strconv.Atoi(s)
				if err != nil || v < p.Min || v > p.Max {
					return fmt.Errorf("must be in %d..%d", p.Min, p.Max)
				}
				k.gen[p.Name] = v
				return nil
			})
		}
		return
	}
	if b := k.lib.BoundName(); b != "" && (cmd == "encode" || cmd == "decode") {
		fs.IntVar(&o.bound, b, 0, k.lib.BoundDoc()+" (0: the answer)")
		// Only a query with a bound needs a backend to find the optimum.
		fs.StringVar(&o.backend, "backend", "dfs", "the backend `NAME` that finds the optimum the query is made at when no --"+b+" is given: dfs, sat or both")
		o.solverFlag(fs)
	}
	if cmd == "prunings" || cmd == "encodings" {
		return // they read no input
	}
	for _, name := range k.lib.ParseFlags() {
		parseFlag(fs, &o.parse, name)
	}
}

// parseFlag registers the flag of the field name of ParseOptions.
func parseFlag(fs *flag.FlagSet, po *puzzlesat.ParseOptions, name string) {
	switch name {
	case "alphabet":
		fs.StringVar(&po.Alphabet, name, "", "the symbols in order, e.g. 0123456789ABCDEF (default: detected)")
	case "base":
		fs.IntVar(&po.Base, name, cryptarithm.DefaultBase, "the base `B` of every puzzle, 2..36")
	case "max-piece":
		fs.IntVar(&po.MaxPiece, name, 0, "drop the pieces longer than `N` before solving, as the CERC 1995 judge did with 50 (0: keep all)")
	default:
		panic(fmt.Sprintf("puzzlesat: no flag for the parse option %q", name))
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
	if o.count < 0 {
		return usagef("--count must not be negative")
	}
	rng := rand.New(rand.NewPCG(o.seed, o.seed^0x9e3779b97f4a7c15))
	for i := 0; i < o.count; i++ {
		p, err := k.lib.Generate(rng, k.gen)
		if err != nil {
			return usagef("gen %s: %v", k.name(), err)
		}
		if _, err := io.WriteString(e.stdout, p.String()); err != nil {
			return err
		}
	}
	_, err := io.WriteString(e.stdout, k.lib.GenTrailer())
	return err
}
