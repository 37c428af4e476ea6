package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"puzzlesat"
)

// runPrunings lists the prunings of a kind's DFS: a table, or with
// --json one JSON array.
func runPrunings(_ context.Context, e env, args []string) error {
	k, asJSON, err := techniqueArgs(e, "prunings", args)
	if err != nil {
		return err
	}
	ps := k.lib.Prunings()
	if asJSON {
		type record struct {
			Name        string   `json:"name"`
			Category    string   `json:"category"`
			Default     bool     `json:"default"`
			Needs       []string `json:"needs"`
			NeededBy    []string `json:"needed_by"`
			Description string   `json:"description"`
		}
		out := make([]record, len(ps))
		for i, p := range ps {
			out[i] = record{p.Name, string(p.Category), !p.Optional, orEmpty(p.Needs), neededBy(ps, p.Name), p.Doc}
		}
		return writeJSON(e.stdout, out)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "name\tcategory\tdefault\tneeds\tneeded by\tdescription")
	for _, p := range ps {
		def := "on"
		if p.Optional {
			def = "off"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Name, p.Category, def, dash(p.Needs), dash(neededBy(ps, p.Name)), p.Doc)
	}
	return tw.Flush()
}

// runEncodings lists the choice points of a kind's SAT encoding: a
// table, or with --json one JSON array.
func runEncodings(_ context.Context, e env, args []string) error {
	k, asJSON, err := techniqueArgs(e, "encodings", args)
	if err != nil {
		return err
	}
	cs := k.lib.Encodings()
	if asJSON {
		type record struct {
			Point       string   `json:"point"`
			Options     []string `json:"options"`
			Default     string   `json:"default"`
			Search      bool     `json:"search"` // chooses how the formula is solved, not the formula
			Description string   `json:"description"`
		}
		out := make([]record, len(cs))
		for i, c := range cs {
			out[i] = record{c.Point, c.Options, c.Options[0], c.Search, c.Doc}
		}
		return writeJSON(e.stdout, out)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "point\toptions (default first)\tchooses\tdescription")
	for _, c := range cs {
		what := "formula"
		if c.Search {
			what = "search"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", c.Point, strings.Join(c.Options, "|"), what, c.Doc)
	}
	return tw.Flush()
}

// techniqueArgs parses "KIND [--json]".
func techniqueArgs(e env, name string, args []string) (*kind, bool, error) {
	var asJSON bool
	k, _, pos, err := kindArgs(e, name, args, func(fs *flag.FlagSet, _ *options) {
		fs.BoolVar(&asJSON, "json", false, "print one JSON array instead of a table")
	})
	if err != nil {
		return nil, false, err
	}
	if len(pos) > 0 {
		return nil, false, usagef("%s takes no file, got %q", name, pos[0])
	}
	return k, asJSON, nil
}

// neededBy returns the prunings of ps that need name.
func neededBy(ps []puzzlesat.Pruning, name string) []string {
	out := []string{}
	for _, p := range ps {
		for _, n := range p.Needs {
			if n == name {
				out = append(out, p.Name)
			}
		}
	}
	return out
}

func dash(names []string) string {
	if len(names) == 0 {
		return "-"
	}
	return strings.Join(names, ",")
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// writeJSON writes v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}
