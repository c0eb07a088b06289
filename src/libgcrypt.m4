# libgcrypt.m4 - AM_PATH_LIBGCRYPT for configure scripts of programs that
# use libgcrypt (this library answers like upstream's).
# SPDX-License-Identifier: LGPL-2.1-or-later
#
# AM_PATH_LIBGCRYPT([MINIMUM-VERSION [, ACTION-IF-FOUND [, ACTION-IF-NOT-FOUND]]])
#
# MINIMUM-VERSION is "VERSION" or "API:VERSION"; with the API prefix the
# library's API version (libgcrypt-config --api-version) must match API.
# Sets and substitutes LIBGCRYPT_CFLAGS, LIBGCRYPT_LIBS and
# LIBGCRYPT_CONFIG.  The script is looked up with --with-libgcrypt-prefix
# (bin/ below it), then in PATH; $SYSROOT is honoured as upstream's macro
# does for cross builds.

AC_DEFUN([AM_PATH_LIBGCRYPT],
[ AC_REQUIRE([AC_CANONICAL_HOST])
  AC_ARG_WITH([libgcrypt-prefix],
    AS_HELP_STRING([--with-libgcrypt-prefix=PFX],
                   [prefix where LIBGCRYPT is installed (optional)]),
    [libgcrypt_config_prefix="$withval"], [libgcrypt_config_prefix=""])
  if test x"${LIBGCRYPT_CONFIG}" = x ; then
    if test x"${libgcrypt_config_prefix}" != x ; then
      LIBGCRYPT_CONFIG="${libgcrypt_config_prefix}/bin/libgcrypt-config"
    elif test x"${SYSROOT}" != x && test -x "${SYSROOT}/usr/bin/libgcrypt-config"; then
      LIBGCRYPT_CONFIG="${SYSROOT}/usr/bin/libgcrypt-config"
    fi
  fi
  if test x"${LIBGCRYPT_CONFIG}" = x || test ! -x "${LIBGCRYPT_CONFIG}"; then
    AC_PATH_PROG([LIBGCRYPT_CONFIG], [libgcrypt-config], [no])
  fi

  am_gcry_want="m4_default([$1], [1.2.0])"
  case "$am_gcry_want" in
    *:*) am_gcry_api=`echo "$am_gcry_want" | sed 's/:.*//'`
         am_gcry_want=`echo "$am_gcry_want" | sed 's/^[[^:]]*://'` ;;
    *)   am_gcry_api=0 ;;
  esac

  AC_MSG_CHECKING([for LIBGCRYPT - version >= $am_gcry_want])
  am_gcry_ok=no
  if test "$LIBGCRYPT_CONFIG" != "no" && test -x "$LIBGCRYPT_CONFIG"; then
    am_gcry_have=`$LIBGCRYPT_CONFIG --version`
    # Compare major.minor.micro numerically; any suffix is ignored.
    am_gcry_cmp=`echo "$am_gcry_have $am_gcry_want" | awk '
      { n = split($[]1, h, /[[.-]]/); m = split($[]2, w, /[[.-]]/);
        for (i = 1; i <= 3; i++) {
          if (h[[i]] + 0 > w[[i]] + 0) { print "ok"; exit }
          if (h[[i]] + 0 < w[[i]] + 0) { print "old"; exit }
        }
        print "ok" }'`
    test "$am_gcry_cmp" = ok && am_gcry_ok=yes
  fi
  if test $am_gcry_ok = yes; then
    AC_MSG_RESULT([yes ($am_gcry_have)])
  else
    AC_MSG_RESULT([no])
  fi
  if test $am_gcry_ok = yes && test "$am_gcry_api" -gt 0; then
    am_gcry_have_api=`$LIBGCRYPT_CONFIG --api-version 2>/dev/null`
    test -z "$am_gcry_have_api" && am_gcry_have_api=0
    AC_MSG_CHECKING([LIBGCRYPT API version])
    if test "$am_gcry_api" -eq "$am_gcry_have_api"; then
      AC_MSG_RESULT([okay])
    else
      am_gcry_ok=no
      AC_MSG_RESULT([does not match. want=$am_gcry_api got=$am_gcry_have_api])
    fi
  fi
  if test $am_gcry_ok = yes; then
    LIBGCRYPT_CFLAGS=`$LIBGCRYPT_CONFIG --cflags`
    LIBGCRYPT_LIBS=`$LIBGCRYPT_CONFIG --libs`
    ifelse([$2], , :, [$2])
  else
    LIBGCRYPT_CFLAGS=""
    LIBGCRYPT_LIBS=""
    ifelse([$3], , :, [$3])
  fi
  AC_SUBST([LIBGCRYPT_CFLAGS])
  AC_SUBST([LIBGCRYPT_LIBS])
])
