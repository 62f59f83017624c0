package io.onelite.jpa;

import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.jpa.repository.JpaRepository;
import org.springframework.data.jpa.repository.Query;

interface BookRepository extends JpaRepository<Book, Long> {

    /** JPQL with a join, paged: LIMIT/OFFSET and a count query. */
    @Query("select b from Book b join b.author a where a.name = ?1")
    Page<Book> findByAuthorName(String name, Pageable page);

    @Query(value = "select count(*) from book where title like ?1", nativeQuery = true)
    long countNativeTitleLike(String pattern);
}
