package lab

import (
	"math/rand/v2"
	"net/http"
	"runtime"
	"slices"
	"strings"

	"github.com/puzzlesat/puzzlesat"
	"github.com/puzzlesat/puzzlesat/kind"
	"github.com/puzzlesat/puzzlesat/technique"
	"github.com/puzzlesat/puzzlesat/trace"
)

// kindInfo is what the page knows of a kind: all of it from the registry.
type kindInfo struct {
	Name      string              `json:"name"`
	Summary   string              `json:"summary"`
	CanCount  bool                `json:"canCount"`
	HasBound  bool                `json:"hasBound"`
	Prunings  []technique.Pruning `json:"prunings"`
	Encodings []technique.Choice  `json:"encodings"`
	Samples   []string            `json:"samples"`
	Gen       []kind.Param        `json:"gen"`
	Presets   []preset            `json:"presets"`
}

// preset is a named set of switches, as --dfs takes it.
type preset struct {
	Name string `json:"name"`
	Spec string `json:"spec"`
}

type categoryInfo struct {
	Name    string `json:"name"`
	Legend  string `json:"legend"`
	Chapter bool   `json:"chapter"` // one of the chapter's five
	Color   string `json:"color"`   // as the trace's pictures draw it
}

// kinds answers GET /api/kinds: every kind, the categories, and what
// runs the searches.
func (s *Server) kinds(w http.ResponseWriter, r *http.Request) {
	var out struct {
		Engine     string         `json:"engine"`
		Go         string         `json:"go"`
		MaxInput   int            `json:"maxInput"`
		Nodes      int            `json:"nodes"`
		Kinds      []kindInfo     `json:"kinds"`
		Categories []categoryInfo `json:"categories"`
	}
	out.Engine, out.Go, out.MaxInput, out.Nodes = s.conf.Engine, runtime.Version(), MaxInput, s.conf.Nodes
	for _, k := range puzzlesat.Kinds() {
		_, canCount := k.Kind.(kind.Counter)
		_, hasBound := k.Kind.(kind.Optimizer)
		var gen []kind.Param
		if g, ok := k.Kind.(kind.Generator); ok {
			gen = g.GenParams()
		}
		out.Kinds = append(out.Kinds, kindInfo{
			Name: k.Name(), Summary: k.Summary(), CanCount: canCount, HasBound: hasBound,
			Prunings: k.Searches()[0].Prunings, Encodings: k.Encodings(), Samples: k.Samples(),
			Gen: gen, Presets: presets(k),
		})
	}
	for i, c := range technique.Categories() {
		out.Categories = append(out.Categories, categoryInfo{string(c), c.Legend(), i < 5, trace.Color(technique.Category(c))})
	}
	reply(w, out, nil)
}

// presets returns the kind's presets: its defaults, every pruning on,
// none, and the chapter's own search where the kind has one.
func presets(k puzzlesat.Kind) []preset {
	var all, none []string
	for _, p := range k.Searches()[0].Prunings {
		if p.Optional {
			all = append(all, "+"+p.Name)
		} else {
			none = append(none, "-"+p.Name)
		}
	}
	out := []preset{{"defaults", ""}}
	if spec := strings.Join(all, ","); spec != "" {
		if _, _, err := k.ParsePrunings(spec); err == nil {
			out = append(out, preset{"all", spec})
		}
	} else {
		out = append(out, preset{"all", ""})
	}
	out = append(out, preset{"none", strings.Join(none, ",")})
	if _, _, err := k.ParsePrunings("chapter"); err == nil {
		out = append(out, preset{"chapter", "chapter"})
	}
	return out
}

// lookup returns the kind named name, as a request error.
func lookup(name string) (puzzlesat.Kind, error) {
	k, err := puzzlesat.Lookup(name)
	if err != nil {
		return puzzlesat.Kind{}, badRequest("%v", err)
	}
	return k, nil
}

// sample answers GET /api/sample?kind=K&name=N: the text of one of the
// kind's samples, by the name Samples lists.
func (s *Server) sample(w http.ResponseWriter, r *http.Request) {
	k, err := lookup(r.FormValue("kind"))
	if err != nil {
		reply(w, nil, err)
		return
	}
	text, err := k.Sample(r.FormValue("name"))
	if err != nil {
		reply(w, nil, &apiError{http.StatusNotFound, err.Error()})
		return
	}
	reply(w, map[string]string{"text": string(text)}, nil)
}

// genRequest asks for a random instance, as puzzlesat gen KIND --seed
// makes it.
type genRequest struct {
	Kind   string         `json:"kind"`
	Seed   uint64         `json:"seed"`
	Params kind.GenValues `json:"params"`
}

// gen answers POST /api/gen: one random instance in the judge format,
// the same as puzzlesat gen KIND --seed=SEED --count=1 prints.
func (s *Server) gen(w http.ResponseWriter, r *http.Request) {
	var req genRequest
	if err := decode(w, r, &req); err != nil {
		reply(w, nil, err)
		return
	}
	k, err := lookup(req.Kind)
	if err != nil {
		reply(w, nil, err)
		return
	}
	rng := rand.New(rand.NewPCG(req.Seed, req.Seed^0x9e3779b97f4a7c15))
	p, err := k.Generate(rng, req.Params)
	if err != nil {
		reply(w, nil, badRequest("gen %s: %v", k.Name(), err))
		return
	}
	text := p.String() + genTrailer(k)
	if len(text) > MaxInput {
		reply(w, nil, tooLarge(MaxInput))
		return
	}
	reply(w, map[string]string{"text": text}, nil)
}

// switchesRequest asks what a --dfs list switches.
type switchesRequest struct {
	Kind string `json:"kind"`
	DFS  string `json:"dfs"`
}

// switches answers POST /api/switches: the list in its canonical form,
// the notes of prunings switched off with those they need, and which
// prunings are on, read through the kind's own parser so that a preset
// (chapter) is read as the command reads it.
func (s *Server) switches(w http.ResponseWriter, r *http.Request) {
	var req switchesRequest
	if err := decode(w, r, &req); err != nil {
		reply(w, nil, err)
		return
	}
	k, err := lookup(req.Kind)
	if err != nil {
		reply(w, nil, err)
		return
	}
	canon, notes, on, err := resolve(k, req.DFS)
	if err != nil {
		reply(w, nil, badRequest("%v", err))
		return
	}
	reply(w, map[string]any{"spec": canon, "notes": nonNil(notes), "on": on}, nil)
}

// resolve returns spec's canonical form, its notes, and which prunings
// it leaves on: a pruning is on when switching it off (an optional one:
// on) would change the switches, or would contradict them.
func resolve(k puzzlesat.Kind, spec string) (string, []string, []bool, error) {
	canon, notes, err := k.ParsePrunings(spec)
	if err != nil {
		return "", nil, nil, err
	}
	var on []bool
	for _, p := range k.Searches()[0].Prunings {
		sign := "-"
		if p.Optional {
			sign = "+"
		}
		c, _, err := k.ParsePrunings(join(spec, sign+p.Name))
		switch {
		case err != nil:
			on = append(on, !p.Optional)
		case p.Optional:
			on = append(on, c == canon)
		default:
			on = append(on, c != canon)
		}
	}
	return canon, notes, on, nil
}

// join appends item to a comma-separated list.
func join(list, item string) string {
	if list == "" {
		return item
	}
	return list + "," + item
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return slices.Clip(s)
}

// genTrailer returns what k's judge format prints after its instances.
func genTrailer(k puzzlesat.Kind) string {
	if g, ok := k.Kind.(kind.Generator); ok {
		return g.GenTrailer()
	}
	return ""
}
