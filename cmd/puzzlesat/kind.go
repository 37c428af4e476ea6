package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/internal/suggest"
	"github.com/puzzlesat/puzzlesat/puzzle"
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
		fs.IntVar(&po.Base, name, puzzle.CryptarithmDefaultBase, "the base `B` of every puzzle, 2..36")
	case "max-piece":
		fs.IntVar(&po.MaxPiece, name, 0, "drop the pieces longer than `N` before solving, as the CERC 1995 judge did with 50 (0: keep all)")
	default:
		panic(fmt.Sprintf("puzzlesat: no flag for the parse option %q", name))
	}
}

// item is one instance of a batch, with where it comes from.
type item struct {
	file string
	kase int // 1-based within file
	p    puzzlesat.Problem
}

// stream returns the batch input of the instances of ins, read in turn,
// with the parser's notes printed.
func (k *kind) stream(o *options, ins []*input) stream[item] {
	var at atomic.Int32 // the input being read, for messages
	return stream[item]{
		feed: func(ctx context.Context, yield func(item) error) error {
			for i, in := range ins {
				at.Store(int32(i))
				kase := 0
				err := k.each(ctx, o, in, func(p puzzlesat.Problem) error {
					kase++
					return yield(item{in.name, kase, p})
				})
				if err != nil {
					return err
				}
			}
			return nil
		},
		bytes: func() int64 {
			var n int64
			for _, in := range ins {
				n += in.read
			}
			return n
		},
		name:  func() string { return ins[at.Load()].name },
		waits: func() bool { return ins[at.Load()].wait },
	}
}

// each reads the instances of in and calls yield with each, and prints
// the parser's notes.
func (k *kind) each(ctx context.Context, o *options, in *input, yield func(puzzlesat.Problem) error) error {
	r, err := in.reader(ctx)
	if err != nil {
		return err
	}
	po := o.parse
	po.Note = func(msg string) { o.note("%s", msg) }
	return k.lib.Scan(in.name, r, po, yield)
}

// batch solves the instances of ins as they stream in (see source).
// Each worker of --jobs solves with its own options: o.lib with a
// puzzlesat.Session of its own.
func (k *kind) batch(ctx context.Context, e env, o *options, ins []*input, solve func(ctx context.Context, lib puzzlesat.Options, x item) result) error {
	return runWorkers(ctx, e, o, k.stream(o, ins), func() (func(context.Context, int, item) result, func()) {
		lib := o.lib
		lib.Session = puzzlesat.NewSession()
		return func(ctx context.Context, _ int, x item) result { return solve(ctx, lib, x) }, lib.Session.Close
	})
}

func (k *kind) generate(ctx context.Context, e env, o *options) error {
	if o.count < 0 {
		return usagef("--count must not be negative")
	}
	rng := rand.New(rand.NewPCG(o.seed, o.seed^0x9e3779b97f4a7c15))
	for i := 0; i < o.count; i++ {
		if err := ctx.Err(); err != nil {
			return err // Ctrl-C, or stdout's reader gone
		}
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
