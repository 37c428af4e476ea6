package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat"
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
			Counts      string   `json:"counts"` // what one count of --stats is
		}
		out := make([]record, len(ps))
		for i, p := range ps {
			out[i] = record{p.Name, string(p.Category), !p.Optional, orEmpty(p.Needs), neededBy(ps, p.Name), p.Doc, p.Counts}
		}
		return writeJSON(e.stdout, out)
	}
	rows := [][]string{{"name", "category", "chapter", "default"}}
	docs := []string{"description. One count: what one count of --stats is"}
	cats := map[puzzlesat.Category]bool{}
	for _, p := range ps {
		def := "on"
		if p.Optional {
			def = "off"
		}
		chapter := p.Chapter
		if chapter == "" {
			chapter = "beyond"
		}
		rows = append(rows, []string{p.Name, string(p.Category), chapter, def})
		doc := p.Doc
		if len(p.Needs) > 0 {
			doc += "; needs " + strings.Join(p.Needs, ", ")
		}
		if by := neededBy(ps, p.Name); len(by) > 0 {
			doc += "; needed by " + strings.Join(by, ", ")
		}
		docs = append(docs, doc+". One count: "+p.Counts)
		cats[p.Category] = true
	}
	writeListing(e.stdout, rows, docs)
	fmt.Fprintln(e.stdout, "\nA count is the branches a pruning removed, which the search would have tried without")
	fmt.Fprintln(e.stdout, "it; an order's count is the choices it made, as it removes nothing (docs/ablation.md).")
	fmt.Fprintln(e.stdout, "\ncategories:")
	for _, c := range puzzlesat.Categories() {
		if cats[c] {
			writeWrapped(e.stdout, "  "+string(c)+": "+c.Legend(), "    ")
		}
	}
	return nil
}

// listingWidth is the width the listings of prunings and encodings fit.
const listingWidth = 100

// writeListing writes a table of rows, aligned, each followed by its
// description wrapped to listingWidth and indented under it.
func writeListing(w io.Writer, rows [][]string, docs []string) {
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for i, c := range r {
			widths[i] = max(widths[i], len(c))
		}
	}
	for i, r := range rows {
		var b strings.Builder
		for j, c := range r {
			if j < len(r)-1 {
				fmt.Fprintf(&b, "%-*s  ", widths[j], c)
			} else {
				b.WriteString(c)
			}
		}
		fmt.Fprintln(w, b.String())
		writeWrapped(w, "    "+docs[i], "    ")
	}
}

// writeWrapped writes text wrapped at word boundaries to listingWidth,
// its lines after the first starting with indent.
func writeWrapped(w io.Writer, text, indent string) {
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = text[:len(text)-len(strings.TrimLeft(text, " "))] + word
		case len(line)+1+len(word) > listingWidth:
			fmt.Fprintln(w, line)
			line = indent + word
		default:
			line += " " + word
		}
	}
	fmt.Fprintln(w, line)
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
	rows := [][]string{{"point", "options (default first)", "chooses"}}
	docs := []string{"description"}
	for _, c := range cs {
		what := "formula"
		if c.Search {
			what = "search"
		}
		rows = append(rows, []string{c.Point, strings.Join(c.Options, "|"), what})
		docs = append(docs, c.Doc)
	}
	writeListing(e.stdout, rows, docs)
	return nil
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
