# grotto's man page and bash completion, generated when grotto is built by
# running it: tools/gen_docs.py reads `grotto --help` and `grotto help CMD`,
# so the command descriptions (cli/) are their only source. Installed as
# share/man/man1/grotto.1 and share/bash-completion/completions/grotto
# (where bash-completion looks them up on demand).
set(GROTTO_MAN ${CMAKE_BINARY_DIR}/doc/grotto.1)
set(GROTTO_BASH_COMPLETION ${CMAKE_BINARY_DIR}/doc/grotto.bash)
add_custom_command(OUTPUT ${GROTTO_MAN} ${GROTTO_BASH_COMPLETION}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${CMAKE_BINARY_DIR}/doc
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/gen_docs.py $<TARGET_FILE:grotto> man ${GROTTO_MAN}
  COMMAND ${Python3_EXECUTABLE} ${CMAKE_SOURCE_DIR}/tools/gen_docs.py $<TARGET_FILE:grotto> bash ${GROTTO_BASH_COMPLETION}
  DEPENDS grotto ${CMAKE_SOURCE_DIR}/tools/gen_docs.py
  COMMENT "Generating grotto.1 and the bash completion from grotto's own help")
add_custom_target(grotto_docs ALL DEPENDS ${GROTTO_MAN} ${GROTTO_BASH_COMPLETION})
install(FILES ${GROTTO_MAN} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${GROTTO_BASH_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME grotto)
