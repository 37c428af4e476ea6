package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
)

// runKinds lists the kinds of the registry, a line each, "NAME  SUMMARY",
// the names aligned; with --names the names alone, for a shell's loop;
// or with --json one JSON array with what each kind can do, for scripts.
func runKinds(ctx context.Context, e env, args []string) error {
	js := new(jsonFlag)
	fs := flagSet(e, "kinds", "")
	js.addFlag(fs, "the lines")
	namesOnly := fs.Bool("names", false, "print the names alone, a line each")
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef("kinds takes no arguments, got %q", pos[0])
	}
	ks := puzzlesat.Kinds()
	if *namesOnly && js.on() {
		return usagef("kinds takes --names or --json, not both")
	}
	if js.on() {
		type record struct {
			Name      string `json:"name"`
			Summary   string `json:"summary"`
			Count     bool   `json:"count"`     // puzzlesat count takes it
			Optimum   bool   `json:"optimum"`   // its answer is an optimum, and its queries take a bound
			Bound     string `json:"bound"`     // the flag of that bound in encode and decode, "" for none
			Grid      bool   `json:"grid"`      // solve --grid draws its answers
			Witness   bool   `json:"witness"`   // solve --certificate prints a witness
			Canonical bool   `json:"canonical"` // its answer is one value whoever finds it
			Size      string `json:"size"`      // what compare's size of an instance counts, "" for none
		}
		out := make([]record, len(ks))
		for i, k := range ks {
			pk := &puzzleKind{lib: k}
			b, optimum := pk.bound()
			_, grid := k.Kind.(kind.Gridder)
			_, witness := k.Kind.(kind.Certifier)
			out[i] = record{k.Name(), k.Summary(), pk.canCount(), optimum, b.Name, grid, witness, pk.canonical(), pk.sizeName()}
		}
		if done, err := js.write(ctx, e, out); done || err != nil {
			return err
		}
	}
	width := 0
	for _, k := range ks {
		width = max(width, len(k.Name()))
	}
	var b strings.Builder
	for _, k := range ks {
		if *namesOnly {
			fmt.Fprintln(&b, k.Name())
			continue
		}
		fmt.Fprintf(&b, "%-*s  %s\n", width, k.Name(), k.Summary())
	}
	_, err = fmt.Fprint(e.stdout, b.String())
	return err
}
