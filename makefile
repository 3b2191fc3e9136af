# For OpenBench (and anyone who prefers make): its worker builds an engine with
# `make -j EXE=<name>` in the repository root and expects the binary at ./<name>; it then runs
# `./<name> bench` and reads "Nodes searched" and "Nodes/second" from the output.
EXE ?= regalia

.PHONY: all clean

all:
	cargo build --release
	cp target/release/regalia$(if $(filter Windows_NT,$(OS)),.exe,) $(EXE)$(if $(filter Windows_NT,$(OS)),.exe,)

clean:
	cargo clean
