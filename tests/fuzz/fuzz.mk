# tests/fuzz/fuzz.mk - the libFuzzer targets; included by tests/Makefile.am.
#
# The targets need clang's libFuzzer and a library built by clang with
# coverage instrumentation and ASan/UBSan, so they get their own copy of
# the library: fuzz/lib, configured from our own configure with
# CC=$(FUZZ_CC) (the normal build is untouched and needs no clang).  They
# link its white-box core statically with --wrap=_gcry_get_hw_features to
# steer kernels per handle (see fuzz-common.h).
#
#   make fuzz-smoke    a fixed number of runs per target (part of make
#                      check when configure found libFuzzer)
#   long runs: see README.md, section "Proof".
# SPDX-License-Identifier: LGPL-2.1-or-later

FUZZ_TARGETS = fuzz/fuzz-cipher fuzz/fuzz-md
FUZZ_CFLAGS = -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=undefined
FUZZ_CPPFLAGS = -Ifuzz/lib -Ifuzz/lib/src -I$(top_srcdir)/src \
	-I$(top_srcdir)/cipher -I$(srcdir)/fuzz $(GPG_ERROR_CFLAGS)
FUZZ_LIBS = fuzz/lib/src/.libs/libgcrypt-core.a $(GPG_ERROR_LIBS) \
	$(PTHREAD_LIBS)
if HAVE_LIBCRYPTO
FUZZ_CPPFLAGS += -DHAVE_LIBCRYPTO $(LIBCRYPTO_CFLAGS)
FUZZ_LIBS += $(LIBCRYPTO_LIBS)
endif

if HAVE_LIBFUZZER
# Built before the tests run (automake builds check_SCRIPTS first).
check_SCRIPTS = $(FUZZ_TARGETS)
fuzz_status = yes
else
fuzz_status = no clang that links -fsanitize=fuzzer was found by configure (apt-get install clang libclang-rt-14-dev, then reconfigure)
endif
TESTS += fuzz/fuzz-smoke.sh
TESTS_ENVIRONMENT += FUZZ_STATUS='$(fuzz_status)'; export FUZZ_STATUS;
EXTRA_DIST += fuzz/fuzz.mk fuzz/fuzz-common.h fuzz/fuzz-cipher.c \
	fuzz/fuzz-md.c fuzz/fuzz-smoke.sh fuzz/corpus-cipher fuzz/corpus-md

# The instrumented library.  Reconfigured when configure changes; the
# sub-make runs every time and does nothing when it is up to date.
fuzz/lib/config.status: $(top_srcdir)/configure
	@rm -rf fuzz/lib && $(MKDIR_P) fuzz/lib
	cd fuzz/lib && $(abs_top_srcdir)/configure -q --disable-shared \
	  CC='$(FUZZ_CC)' CFLAGS='$(FUZZ_CFLAGS)' >configure.log 2>&1 \
	  || { cat configure.log; exit 1; }
fuzz-lib: fuzz/lib/config.status
	@cd fuzz/lib && $(MAKE) -s WARN_CFLAGS=-w -C cipher >/dev/null \
	  && $(MAKE) -s WARN_CFLAGS=-w -C src libgcrypt-core.la >/dev/null

fuzz/fuzz-cipher: $(srcdir)/fuzz/fuzz-cipher.c $(srcdir)/fuzz/fuzz-common.h fuzz-lib
	$(AM_V_CCLD)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_CPPFLAGS) \
	  -o $@ $(srcdir)/fuzz/fuzz-cipher.c \
	  -Wl,--wrap=_gcry_get_hw_features $(FUZZ_LIBS)
fuzz/fuzz-md: $(srcdir)/fuzz/fuzz-md.c $(srcdir)/fuzz/fuzz-common.h fuzz-lib
	$(AM_V_CCLD)$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(FUZZ_CPPFLAGS) \
	  -o $@ $(srcdir)/fuzz/fuzz-md.c \
	  -Wl,--wrap=_gcry_get_hw_features $(FUZZ_LIBS)

fuzz-smoke: $(FUZZ_TARGETS)
	FUZZ_STATUS=yes srcdir=$(srcdir) $(srcdir)/fuzz/fuzz-smoke.sh

clean-local:
	rm -rf fuzz/lib fuzz/fuzz-cipher fuzz/fuzz-md fuzz/work-* fuzz/crash-*

.PHONY: fuzz-lib fuzz-smoke
