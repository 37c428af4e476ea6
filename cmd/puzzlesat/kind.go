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
	"github.com/puzzlesat/puzzlesat/kind"
)

// puzzleKind is one puzzle kind on the command line: the library's kind, its
// types hidden, which says everything the command needs of it: its
// flags, its generator, its size and its bound. Solving, counting,
// encoding and decoding all go through the library.
type puzzleKind struct {
	lib puzzlesat.Kind
	gen kind.GenValues // what gen's flags set
}

// kinds returns the library's kinds, in its order.
func kinds() []*puzzleKind {
	var ks []*puzzleKind
	for _, lib := range puzzlesat.Kinds() {
		ks = append(ks, &puzzleKind{lib: lib, gen: kind.GenValues{}})
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
func lookupKind(name string) (*puzzleKind, error) {
	lib, err := puzzlesat.Lookup(name)
	if err == nil {
		return &puzzleKind{lib: lib, gen: kind.GenValues{}}, nil
	}
	if hint := suggest.DidYouMean(name, kindNames(), strconv.Quote); hint != "" {
		return nil, usagef("unknown puzzle kind %q: %s (see puzzlesat kinds)", name, hint)
	}
	return nil, usagef("unknown puzzle kind %q (want one of %s; see puzzlesat kinds)", name, strings.Join(kindNames(), ", "))
}

func (k *puzzleKind) name() string { return k.lib.Name() }

// text returns a, p's answer, as the command prints it: the judge's
// output, or with --grid the answer drawn; and the witness with
// --certificate.
func (k *puzzleKind) text(o *options, p kind.Instance, a puzzlesat.Answer) string {
	text := a.Text
	if o.grid {
		if g, ok := k.lib.Kind.(kind.Gridder); ok {
			text = g.Grid(p, a.Value)
		}
	}
	if o.certificate {
		return text + a.Certificate
	}
	return text
}

// fail returns what is printed in place of p's answer, word being "no
// solution", "timeout" or "too large": the judge's layout where the kind
// has one (kind.Failer), else the word on a line.
func (k *puzzleKind) fail(p kind.Instance, word string) string {
	if f, ok := k.lib.Kind.(kind.Failer); ok {
		return f.Fail(p, word)
	}
	return word + "\n"
}

// size returns p's size (kind.Sizer), and false for a kind without one.
func (k *puzzleKind) size(p kind.Instance) (int, bool) {
	if s, ok := k.lib.Kind.(kind.Sizer); ok {
		return s.Size(p), true
	}
	return 0, false
}

// sizeName says what size counts, "" for a kind without one.
func (k *puzzleKind) sizeName() string {
	if s, ok := k.lib.Kind.(kind.Sizer); ok {
		return s.SizeName()
	}
	return ""
}

// canonical reports whether the kind's answer is one value (kind.Canonical).
func (k *puzzleKind) canonical() bool {
	_, ok := k.lib.Kind.(kind.Canonical)
	return ok
}

// canCount reports whether the kind's answers can be counted.
func (k *puzzleKind) canCount() bool {
	_, ok := k.lib.Kind.(kind.Counter)
	return ok
}

// bound returns the flag of the kind's bound, and false for a kind
// without one.
func (k *puzzleKind) bound() (kind.Flag, bool) {
	if b, ok := k.lib.Kind.(kind.Optimizer); ok {
		return b.BoundFlag(), true
	}
	return kind.Flag{}, false
}

// addFlags registers the kind's own flags of the subcommand cmd: its
// generator's parameters for gen; its bound for encode and decode; the
// options of its input format for the subcommands that read one.
func (k *puzzleKind) addFlags(fs *flag.FlagSet, o *options, cmd string) {
	if _, ok := k.lib.Kind.(kind.Certifier); ok && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.certificate, "certificate", false, "print the witness after each answer, in lines starting with #")
	}
	if _, ok := k.lib.Kind.(kind.Gridder); ok && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.grid, "grid", false, "draw each answer as a grid for people to read, in place of the judge's format")
	}
	if cmd == "gen" {
		g, ok := k.lib.Kind.(kind.Generator)
		if !ok {
			return
		}
		for _, p := range g.GenParams() {
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
	if b, ok := k.bound(); ok && (cmd == "encode" || cmd == "decode") {
		fs.IntVar(&o.bound, b.Name, 0, b.Doc+" (0: the answer)")
		// Only a query with a bound needs a backend to find the optimum.
		fs.StringVar(&o.backend, "backend", "dfs", "the backend `NAME` that finds the optimum the query is made at when no --"+b.Name+" is given: dfs, sat or both")
		o.solverFlag(fs)
	}
	if cmd == "prunings" || cmd == "encodings" {
		return // they read no input
	}
	if c, ok := k.lib.Kind.(kind.Configurable); ok {
		for _, f := range c.Options() {
			optionFlag(fs, &o.parse, f)
		}
	}
}

// optionFlag registers the flag of the kind's option f; checkOptions
// checks its value once the flags are read.
func optionFlag(fs *flag.FlagSet, so *kind.ScanOptions, f kind.Flag) {
	fs.Func(f.Name, f.Doc, func(s string) error {
		if so.Values == nil {
			so.Values = map[string]string{}
		}
		so.Values[f.Name] = s
		return nil
	})
}

// checkOptions checks the values of the kind's options that o sets: a
// bad one is bad usage, in the kind's words.
func (k *puzzleKind) checkOptions(o *options) error {
	c, ok := k.lib.Kind.(kind.Configurable)
	if !ok {
		return nil
	}
	for _, f := range c.Options() {
		if v, set := o.parse.Values[f.Name]; set && f.Check != nil {
			if err := f.Check(v); err != nil {
				return err
			}
		}
	}
	return nil
}

// item is one instance of a batch, with where it comes from.
type item struct {
	file string
	kase int // 1-based within file
	p    kind.Instance
}

// stream returns the batch input of the instances of ins, read in turn,
// with the parser's notes printed.
func (k *puzzleKind) stream(o *options, ins []*input) stream[item] {
	var at atomic.Int32 // the input being read, for messages
	return stream[item]{
		feed: func(ctx context.Context, yield func(item) error) error {
			for i, in := range ins {
				at.Store(int32(i))
				kase := 0
				err := k.each(ctx, o, in, func(p kind.Instance) error {
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
func (k *puzzleKind) each(ctx context.Context, o *options, in *input, yield func(kind.Instance) error) error {
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
func (k *puzzleKind) batch(ctx context.Context, e env, o *options, ins []*input, solve func(ctx context.Context, lib puzzlesat.Options, x item) result) error {
	return runWorkers(ctx, e, o, k.stream(o, ins), func() (func(context.Context, int, item) result, func()) {
		lib := o.lib
		lib.Session = puzzlesat.NewSession()
		return func(ctx context.Context, _ int, x item) result { return solve(ctx, lib, x) }, lib.Session.Close
	})
}

func (k *puzzleKind) generate(ctx context.Context, e env, o *options) error {
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
	g, _ := k.lib.Kind.(kind.Generator)
	if g == nil {
		return nil
	}
	_, err := io.WriteString(e.stdout, g.GenTrailer())
	return err
}
