package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
)

// kindCommand parses "KIND [flags] [FILE...]" for a subcommand: it looks
// up the kind, registers the common flags that setup picks and the
// kind's own, and opens the inputs, stdin when none is named; a
// subcommand that reads one input takes at most one.
func kindCommand(e env, name string, args []string, setup func(fs *flag.FlagSet, o *options)) (*puzzleKind, *options, []*input, error) {
	k, o, pos, err := kindArgs(e, name, args, setup)
	if err != nil {
		return nil, nil, nil, err
	}
	switch {
	case name == "gen" && len(pos) > 0:
		return nil, nil, nil, usagef("gen takes no file, got %q", pos[0])
	case name == "gen":
		return k, o, nil, nil
	case name != "solve" && name != "count" && len(pos) > 1:
		return nil, nil, nil, usagef("expected at most one input file, got %d", len(pos))
	}
	ins, err := openInputs(e, pos, k.name()+" instances")
	if err != nil {
		return nil, nil, nil, err
	}
	return k, o, ins, nil
}

// kindArgs parses "KIND [flags] ARGS..." for a subcommand: it looks up the
// kind, registers the common flags that setup picks and the kind's own,
// checks them, and returns the positional arguments.
func kindArgs(e env, name string, args []string, setup func(fs *flag.FlagSet, o *options)) (*puzzleKind, *options, []string, error) {
	if len(args) > 0 && isHelp(args[0]) {
		return nil, nil, nil, commandHelp(e, name, setup)
	}
	if len(args) == 0 || args[0] == "" || args[0][0] == '-' {
		return nil, nil, nil, usagef("usage: puzzlesat %s; KIND is one of %s%s", usageLine(name), strings.Join(kindNames(), ", "), seeHelp(name))
	}
	k, err := lookupKind(args[0])
	if err != nil {
		return nil, nil, nil, err
	}
	o := newOptions(e.stderr)
	fs := flagSet(e, name, k.name())
	setup(fs, o)
	k.addFlags(fs, o, name)
	pos, err := parseArgs(fs, args[1:])
	if err != nil {
		return nil, nil, nil, err
	}
	if err := o.check(); err != nil {
		return nil, nil, nil, usagef("%v%s", err, seeHelp(fs.Name()))
	}
	if err := k.checkOptions(o); err != nil {
		return nil, nil, nil, usagef("%v%s", err, seeHelp(fs.Name()))
	}
	notes, err := k.lib.Check(o.lib)
	if err != nil {
		return nil, nil, nil, usagef("%v%s", err, seeHelp(fs.Name()))
	}
	for _, n := range notes {
		o.note("%s", n)
	}
	return k, o, pos, nil
}

func runSolve(ctx context.Context, e env, args []string) error {
	k, o, ins, err := kindCommand(e, "solve", args, func(fs *flag.FlagSet, o *options) {
		o.backendFlags(fs)
		o.proofFlags(fs)
		o.batchFlags(fs)
		o.techniqueFlags(fs, true)
	})
	if err != nil {
		return err
	}
	defer closeInputs(ins)
	return k.solve(ctx, e, o, ins)
}

func runCount(ctx context.Context, e env, args []string) error {
	k, o, ins, err := kindCommand(e, "count", args, func(fs *flag.FlagSet, o *options) {
		o.backendFlags(fs)
		o.proofFlags(fs)
		o.batchFlags(fs)
		o.techniqueFlags(fs, true)
		fs.IntVar(&o.limit, "limit", 2, "stop counting at `N` solutions and print >=N; 0 counts every solution, as far as --timeout and --budget let it (a count stopped by either prints >=COUNTED)")
	})
	if err != nil {
		return err
	}
	defer closeInputs(ins)
	return k.count(ctx, e, o, ins)
}

func runEncode(ctx context.Context, e env, args []string) error {
	k, o, ins, err := kindCommand(e, "encode", args, func(fs *flag.FlagSet, o *options) {
		o.queryFlags(fs)
		o.timeoutFlag(fs)
		o.budgetFlag(fs)
		o.techniqueFlags(fs, false)
	})
	if err != nil {
		return err
	}
	defer closeInputs(ins)
	return k.encodeOne(ctx, e, o, ins[0])
}

func runDecode(ctx context.Context, e env, args []string) error {
	k, o, ins, err := kindCommand(e, "decode", args, func(fs *flag.FlagSet, o *options) {
		o.queryFlags(fs)
		fs.StringVar(&o.model, "model", "", "the SAT solver's output, `PATH` or - for stdin")
		o.timeoutFlag(fs)
		o.techniqueFlags(fs, false)
	})
	if err != nil {
		return err
	}
	defer closeInputs(ins)
	return k.decodeOne(ctx, e, o, ins[0])
}

func runGen(ctx context.Context, e env, args []string) error {
	k, o, _, err := kindCommand(e, "gen", args, func(fs *flag.FlagSet, o *options) {
		o.genFlags(fs)
	})
	if err != nil {
		return err
	}
	return k.generate(ctx, e, o)
}

// isHelp reports whether arg asks for help.
func isHelp(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help" || arg == "--h"
}

// commandHelp prints, on stdout, the usage of the subcommand name when no
// KIND is given: its usage line, the kinds, and the flags every kind
// takes; it returns errHelp.
func commandHelp(e env, name string, setup func(fs *flag.FlagSet, o *options)) error {
	fs := flagSet(e, name, "")
	setup(fs, newOptions(nil))
	fs.Usage()
	fmt.Fprintf(e.stdout, "\nKIND is one of %s; puzzlesat %s KIND -h also lists the flags of that kind.\n", strings.Join(kindNames(), ", "), name)
	return errHelp
}

// usageLine returns the usage of the subcommand name, such as
// "solve KIND [flags] [FILE]".
func usageLine(name string) string {
	for _, c := range commands() {
		if c.name == name {
			return c.usage
		}
	}
	return name
}

// shortHelp returns what the subcommand name does, in one line.
func shortHelp(name string) string {
	for _, c := range commands() {
		if c.name == name {
			return c.short
		}
	}
	return ""
}
