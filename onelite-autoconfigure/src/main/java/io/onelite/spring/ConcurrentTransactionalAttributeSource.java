package io.onelite.spring;

import java.lang.reflect.Method;

import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.core.annotation.AnnotationUtils;
import org.springframework.transaction.interceptor.AbstractFallbackTransactionAttributeSource;
import org.springframework.transaction.interceptor.TransactionAttribute;

/**
 * Reads {@link ConcurrentTransactional} (on the method, else on its class, interfaces included)
 * into a {@link ConcurrentTransactionAttribute}. Only {@code @ConcurrentTransactional}: plain
 * {@code @Transactional} stays with Spring's own attribute source. Results are cached.
 */
public class ConcurrentTransactionalAttributeSource extends AbstractFallbackTransactionAttributeSource {

    @Override
    public boolean isCandidateClass(Class<?> targetClass) {
        return AnnotationUtils.isCandidateClass(targetClass, ConcurrentTransactional.class);
    }

    @Override
    protected TransactionAttribute findTransactionAttribute(Class<?> clazz) {
        return attributeOf(AnnotatedElementUtils.findMergedAnnotation(clazz, ConcurrentTransactional.class));
    }

    @Override
    protected TransactionAttribute findTransactionAttribute(Method method) {
        return attributeOf(AnnotatedElementUtils.findMergedAnnotation(method, ConcurrentTransactional.class));
    }

    private static TransactionAttribute attributeOf(ConcurrentTransactional annotation) {
        return annotation == null ? null : new ConcurrentTransactionAttribute(annotation);
    }
}
