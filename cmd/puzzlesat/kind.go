package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat"
)

// spec describes one puzzle kind to the command line: its library kind,
// its own flags, how to parse its input and make random instances.
// Solving, counting, encoding and decoding all go through the library.
type spec[I puzzlesat.Instance[A], A any] struct {
	lib        func(o *options) *puzzlesat.Kind[I, A]
	flags      func(fs *flag.FlagSet, o *options, cmd string) // kind-specific flags
	scan       func(file string, r io.Reader, o *options, yield func(I) error) error
	boundFlag  string // the flag of encode and decode that sets the query's bound, if any
	gen        func(rng *rand.Rand, o *options) (I, error)
	genTrailer string // printed after the generated instances
	// size is what compare plots time against, such as the letters of
	// an alphametic, and sizeName says what it counts; nil for a kind
	// with no size worth plotting.
	size     func(I) int
	sizeName string
}

// certifier is an instance whose answers carry a witness that
// --certificate prints.
type certifier[A any] interface {
	Certificate(a A) string
}

// kind is a spec with its types hidden, as the subcommands see it.
type kind interface {
	kindName() string
	addFlags(fs *flag.FlagSet, o *options, cmd string)
	solve(ctx context.Context, e env, o *options, in *input) error
	count(ctx context.Context, e env, o *options, in *input) error
	encodeOne(ctx context.Context, e env, o *options, in *input) error
	decodeOne(ctx context.Context, e env, o *options, in *input) error
	generate(e env, o *options) error
	compare(ctx context.Context, e env, o *options, c *comparison) error
}

func kinds() []kind {
	return []kind{alphametic(), sudoku(), sticks(), cake(), digitPuzzle(), cryptarithm(), cats()}
}

func kindNames() []string {
	var names []string
	for _, k := range kinds() {
		names = append(names, k.kindName())
	}
	return names
}

func lookupKind(name string) (kind, error) {
	for _, k := range kinds() {
		if k.kindName() == name {
			return k, nil
		}
	}
	return nil, usagef("unknown puzzle kind %q (want one of %v)", name, kindNames())
}

func (k *spec[I, A]) kindName() string { return k.lib(&options{}).Name() }

// certifies reports whether the kind's answers carry a witness.
func (k *spec[I, A]) certifies() bool {
	var p I
	_, ok := any(p).(certifier[A])
	return ok
}

// certificate returns the witness of a as --certificate prints it, or ""
// when the flag is off or the kind has none.
func (k *spec[I, A]) certificate(o *options, p I, a A) string {
	if c, ok := any(p).(certifier[A]); ok && o.certificate {
		return c.Certificate(a)
	}
	return ""
}

func (k *spec[I, A]) addFlags(fs *flag.FlagSet, o *options, cmd string) {
	if k.certifies() && (cmd == "solve" || cmd == "decode") {
		fs.BoolVar(&o.certificate, "certificate", false, "print the witness after each answer, in lines starting with #")
	}
	if k.flags != nil {
		k.flags(fs, o, cmd)
	}
}

// each reads the instances of in from its start and calls yield with
// each; the first reading spools stdin so that it can be read again.
func (k *spec[I, A]) each(ctx context.Context, o *options, in *input, first bool, yield func(I) error) error {
	r, err := in.reader(ctx, first)
	if err != nil {
		return err
	}
	return k.scan(in.name, r, o, yield)
}

// batch checks the whole input, so that bad input never prints a half
// answer, then solves its instances as they stream in.
func (k *spec[I, A]) batch(ctx context.Context, e env, o *options, in *input, solve func(context.Context, int, I) result) error {
	n := 0
	if err := k.each(ctx, o, in, true, func(I) error { n++; return nil }); err != nil {
		return err
	}
	o.quiet = true // notes were printed on the first reading
	return runBatch(ctx, e, o, n, func(yield func(I) error) error { return k.each(ctx, o, in, false, yield) }, solve)
}

func (k *spec[I, A]) generate(e env, o *options) error {
	if k.gen == nil {
		return usagef("gen is not defined for %s", k.kindName())
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
