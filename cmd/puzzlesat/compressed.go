package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"

	"github.com/ulikunitz/xz"
)

// The magic numbers that start a compressed file.
var (
	gzipMagic = []byte{0x1f, 0x8b}
	xzMagic   = []byte{0xfd, '7', 'z', 'X', 'Z', 0x00}
)

// decompressed returns r, or what r holds uncompressed when it starts as
// a gzip or an xz file does, as MiniSat and CaDiCaL read them: by the
// first bytes, whatever the file's name, so that stdin is read as well.
func decompressed(r io.Reader) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64*1024)
	head, _ := br.Peek(len(xzMagic)) // fewer at a short file's end
	switch {
	case bytes.HasPrefix(head, gzipMagic):
		return gzip.NewReader(br)
	case bytes.HasPrefix(head, xzMagic):
		return xz.NewReader(br)
	}
	return br, nil
}
