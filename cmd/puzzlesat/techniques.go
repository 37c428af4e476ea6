package main

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/puzzlesat/puzzlesat/technique"
)

// runPrunings lists the prunings of a kind's searches, its own and the
// chapter's if it has one, and the presets that --dfs may start with: a
// table each, or with --json one JSON array of the prunings, each naming
// its search.
func runPrunings(ctx context.Context, e env, args []string) error {
	k, js, err := techniqueArgs(e, "prunings", args)
	if err != nil {
		return err
	}
	searches := k.lib.Searches()
	if js.on() {
		type record struct {
			Name        string   `json:"name"`
			Search      string   `json:"search"` // "" for the kind's own, "chapter" for the chapter's
			Category    string   `json:"category"`
			Chapter     string   `json:"chapter"`
			Default     bool     `json:"default"`
			Needs       []string `json:"needs"`
			NeededBy    []string `json:"needed_by"`
			Description string   `json:"description"`
			Counts      string   `json:"counts"` // what one count of --stats is
		}
		out := []record{}
		for _, s := range searches {
			for _, p := range s.Prunings {
				out = append(out, record{p.Name, s.Name, string(p.Category), p.Chapter, !p.Optional, orEmpty(p.Needs),
					neededBy(s.Prunings, p.Name), p.Doc, p.Counts})
			}
		}
		if done, err := js.write(ctx, e, out); done || err != nil {
			return err
		}
	}
	cats := map[technique.Category]bool{}
	for i, s := range searches {
		if i > 0 {
			fmt.Fprintln(e.stdout)
			writeWrapped(e.stdout, fmt.Sprintf("the %s's search, --dfs=%s: %s", s.Name, s.Name, s.Doc), "    ")
			fmt.Fprintln(e.stdout)
		}
		writePrunings(e.stdout, s.Prunings)
		for _, p := range s.Prunings {
			cats[p.Category] = true
		}
	}
	fmt.Fprintln(e.stdout, "\nA count is the branches a pruning removed, which the search would have tried without")
	fmt.Fprintln(e.stdout, "it; an order's count is the choices it made, as it removes nothing (docs/ablation.md).")
	fmt.Fprintln(e.stdout, "\npresets, first in --dfs (--dfs=none,+NAME):")
	for _, p := range k.lib.Presets() {
		writeWrapped(e.stdout, "  "+p.Name+": "+p.Doc, "    ")
	}
	fmt.Fprintln(e.stdout, "\ncategories:")
	for _, c := range technique.Categories() {
		if cats[c] {
			writeWrapped(e.stdout, "  "+string(c)+": "+c.Legend(), "    ")
		}
	}
	return nil
}

// writePrunings writes the table of the prunings of one search.
func writePrunings(w io.Writer, ps []technique.Pruning) {
	rows := [][]string{{"name", "category", "chapter", "default"}}
	docs := []string{"description. One count: what one count of --stats is"}
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
	}
	writeListing(w, rows, docs)
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
func runEncodings(ctx context.Context, e env, args []string) error {
	k, js, err := techniqueArgs(e, "encodings", args)
	if err != nil {
		return err
	}
	cs := k.lib.Encodings()
	if js.on() {
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
		if done, err := js.write(ctx, e, out); done || err != nil {
			return err
		}
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

// techniqueArgs parses "KIND [--json[=PATH]]".
func techniqueArgs(e env, name string, args []string) (*puzzleKind, *jsonFlag, error) {
	js := new(jsonFlag)
	k, _, pos, err := kindArgs(e, name, args, func(fs *flag.FlagSet, _ *options) {
		js.addFlag(fs, "a table")
	})
	if err != nil {
		return nil, nil, err
	}
	if len(pos) > 0 {
		return nil, nil, usagef("%s takes no file, got %q", name, pos[0])
	}
	return k, js, nil
}

// jsonFlag is the --json of a listing (prunings, encodings, kinds): a
// bare --json prints one JSON array on stdout in place of the text, and
// --json=PATH writes it to PATH besides the text, as compare's --json
// does.
type jsonFlag struct {
	set  bool
	path string // "" for stdout
}

// addFlag registers --json on fs, for a listing that prints text.
func (j *jsonFlag) addFlag(fs *flag.FlagSet, text string) {
	fs.Var(j, "json", "print one JSON array instead of "+text+"; --json=PATH writes it to PATH and prints "+text+" too")
}

func (j *jsonFlag) IsBoolFlag() bool { return true }

func (j *jsonFlag) String() string {
	if j == nil || !j.set {
		return "false"
	}
	return cmp.Or(j.path, "true")
}

func (j *jsonFlag) Set(v string) error {
	switch v {
	case "true":
		j.set, j.path = true, ""
	case "false":
		j.set, j.path = false, ""
	case "":
		return errors.New("want a PATH")
	default:
		j.set, j.path = true, v
	}
	return nil
}

// on reports whether --json was given.
func (j *jsonFlag) on() bool { return j.set }

// write writes v as --json says: on stdout, reporting done, or to its
// PATH, after which the text is printed too.
func (j *jsonFlag) write(ctx context.Context, e env, v any) (done bool, err error) {
	if j.path == "" {
		return true, writeJSON(e.stdout, v)
	}
	return false, writeAtomically(ctx, j.path, func(w io.Writer) error { return writeJSON(w, v) })
}

// neededBy returns the prunings of ps that need name.
func neededBy(ps []technique.Pruning, name string) []string {
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
