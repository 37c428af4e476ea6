package kind

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// registry holds every kind registered. The kinds register themselves,
// each from its package's init, as image/png registers its format with
// image.RegisterFormat; package kinds imports them all. Only init
// functions write it, one at a time, before main.
var registry []Kind

// Register adds k to the kinds that All returns. Two kinds whose names
// differ only in case are a bug, and panic.
func Register(k Kind) {
	for _, r := range registry {
		if strings.EqualFold(r.Name(), k.Name()) {
			panic(fmt.Sprintf("kind: %q registered twice", k.Name()))
		}
	}
	registry = append(registry, k)
}

// All returns every kind registered, by name.
func All() []Kind {
	ks := slices.Clone(registry)
	slices.SortFunc(ks, func(a, b Kind) int { return cmp.Compare(a.Name(), b.Name()) })
	return ks
}
