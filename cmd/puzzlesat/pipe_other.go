//go:build !unix

package main

import (
	"context"
	"io"
)

// watchReader returns ctx: only Unix tells when a pipe's reader went
// away before a write fails.
func watchReader(ctx context.Context, w io.Writer) (context.Context, func()) {
	return ctx, func() {}
}
