package addchain

import "embed"

// Samples holds the kind's judge inputs, testdata/*.in, which the lab
// offers by name: built into the library, so that a binary installed
// alone and the lab's WebAssembly module have them too.
//
//go:embed testdata/*.in
var Samples embed.FS
