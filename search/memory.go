package search

import (
	"context"
)

// memoryKey is the context key of WithMemory.
type memoryKey struct{}

// WithMemory returns a context under which each search of this package
// keeps the tables it sizes to the instance within about bytes: the
// sticks search's memo of failed states and its bitsets of reachable
// sums, 56 MiB at most by default. A caller that runs searches in
// parallel divides its memory among them. A smaller bound costs time,
// never an answer; bytes of 0 or less keep the defaults.
func WithMemory(parent context.Context, bytes int) context.Context {
	return context.WithValue(parent, memoryKey{}, bytes)
}

// MemoryOf returns the bound of WithMemory under ctx, or 0 for none.
func MemoryOf(ctx context.Context) int {
	if m, ok := ctx.Value(memoryKey{}).(int); ok && m > 0 {
		return m
	}
	return 0
}
