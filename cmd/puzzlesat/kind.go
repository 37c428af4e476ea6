package main

import (
	"context"
	"flag"
	"io"
	"math/rand/v2"

	"puzzlesat/encode/cnf"
	"puzzlesat/native"
	"puzzlesat/sat"
)

// instance is what every puzzle type of package puzzle provides.
type instance[A any] interface {
	Verify(A) error
	Format(A) string
	Fail(word string) string
	String() string
}

// query is one instance's CNF, the text that names the question it asks
// ("L=454"), and the decoder of its models.
type query[A any] struct {
	cnf    *cnf.CNF
	name   string
	decode func(cnf.Model) (A, error)
}

// spec describes one puzzle kind to the command line: how to parse it,
// its two backends, and its encoder. Optional parts are nil.
type spec[I instance[A], A any] struct {
	name        string
	flags       func(fs *flag.FlagSet, o *options, cmd string) // kind-specific flags
	parse       func(file string, r io.Reader, o *options) ([]I, error)
	dfs         func(context.Context, I) (A, native.Stats, error)
	sat         func(context.Context, I) (A, sat.Stats, error)
	countDFS    func(context.Context, I, int) (int, native.Stats, error)
	countSAT    func(context.Context, I, int) (int, sat.Stats, error)
	certificate func(I, A) string
	encode      func(ctx context.Context, p I, o *options) (query[A], error)
	gen         func(rng *rand.Rand, o *options) (I, error)
	genTrailer  string // printed after the generated instances
}

// kind is a spec with its types hidden, as the subcommands see it.
type kind interface {
	kindName() string
	addFlags(fs *flag.FlagSet, o *options, cmd string)
	solve(ctx context.Context, e env, o *options, in input) error
	count(ctx context.Context, e env, o *options, in input) error
	encodeOne(ctx context.Context, e env, o *options, in input) error
	decodeOne(ctx context.Context, e env, o *options, in input) error
	generate(e env, o *options) error
}

func kinds() []kind {
	return []kind{alphametic(), sudoku(), sticks(), cake(), digitPuzzle()}
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

func (k *spec[I, A]) kindName() string { return k.name }

func (k *spec[I, A]) addFlags(fs *flag.FlagSet, o *options, cmd string) {
	if k.certificate != nil && cmd == "solve" || cmd == "decode" && k.certificate != nil {
		fs.BoolVar(&o.certificate, "certificate", false, "print the witness after each answer, in lines starting with #")
	}
	if k.flags != nil {
		k.flags(fs, o, cmd)
	}
}

func (k *spec[I, A]) generate(e env, o *options) error {
	if k.gen == nil {
		return usagef("gen is not defined for %s", k.name)
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
