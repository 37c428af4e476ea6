package technique

import (
	"fmt"
	"slices"
)

// The presets that a list of switches may start with: a whole set of
// prunings, which the switches after it change, as in "none,+memo" or
// "chapter,-3.3".
const (
	// All switches on every pruning of the kind's own search, the
	// optional ones too.
	All = "all"
	// None switches off every pruning of the kind's own search.
	None = "none"
	// Chapter selects the chapter's own search, for the kinds that the
	// chapter on pruning works through: its program step by step, with
	// exactly its numbered cuts as switches, each on.
	Chapter = "chapter"
)

// Preset is a whole set of prunings, by name.
type Preset struct {
	Name string // what a list of switches starts with: All, None or Chapter
	Doc  string // what it selects, in one line
}

// presets returns every preset, in the order a page offers them.
func presets() []Preset {
	return []Preset{
		{All, "every pruning of puzzlesat's search on, the optional ones too"},
		{None, "every pruning of puzzlesat's search off"},
		{Chapter, "the chapter's own program, step by step, every one of its numbered cuts on"},
	}
}

// isPreset reports whether item names a preset.
func isPreset(item string) bool {
	return slices.ContainsFunc(presets(), func(p Preset) bool { return p.Name == item })
}

// Searches holds the prunings of a kind's depth-first searches: its own,
// and for the kinds that the chapter on pruning works through, the
// chapter's program with its numbered cuts. A list of switches (see
// Resolve) selects one of them and switches its prunings.
type Searches struct {
	Own     []Pruning
	Chapter []Pruning // nil for a kind without the chapter's search
}

// Presets returns the presets that lists of switches of these searches
// may start with: All and None, and Chapter when there is the chapter's
// search.
func (ss Searches) Presets() []Preset {
	var out []Preset
	for _, p := range presets() {
		if p.Name != Chapter || ss.Chapter != nil {
			out = append(out, p)
		}
	}
	return out
}

// Of returns the prunings of the search that s selects, the list it was
// resolved against.
func (ss Searches) Of(s Set) []Pruning {
	if s.chapter {
		return ss.Chapter
	}
	return ss.Own
}

// Resolve returns the Set that spec makes of the searches' prunings, and
// the notes of prunings it switched off because they need one that is
// off. spec is a comma-separated list: first, optionally, a preset (All,
// None, or Chapter, which selects the chapter's search), then "-NAME"
// (switch off) and "+NAME" (switch on) items, each changing what the
// preset, or the defaults without one, left. A NAME is a pruning's name
// or its number in the chapter ("3.3"); "" keeps the defaults of the
// kind's own search. Switching off a pruning switches off those that need
// it, and each such note is returned. An unknown name, "+NAME" for one
// whose needs are off, a preset after the first item, or Chapter for a
// kind without the chapter's search is an error that says what is valid.
func (ss Searches) Resolve(spec string) (Set, []string, error) {
	items := split(spec)
	preset := ""
	if len(items) > 0 && isPreset(items[0]) {
		preset, items = items[0], items[1:]
	}
	ps := ss.Own
	if preset == Chapter {
		if ss.Chapter == nil {
			return Set{}, nil, fmt.Errorf("preset %s: the chapter has no program for this kind; want %s or %s", Chapter, All, None)
		}
		ps = ss.Chapter
	}
	s, notes, err := resolve(ps, preset, items)
	s.chapter = preset == Chapter
	return s, notes, err
}

// Chapter reports whether s selects the chapter's search: its list of
// switches started with the preset Chapter.
func (s Set) Chapter() bool { return s.chapter }
